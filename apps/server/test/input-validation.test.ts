// Issue 11 item 6: inputs that broke the server (500s, exports cut off after the header) now get a 4xx
// with one clear sentence; database refusals that slip through become a 4xx without SQL or data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { INPUT_MESSAGES } from "@cultivate/shared";
import { databaseErrorOf, httpErrorOfDatabase, publicErrorMessage } from "../src/lib/db-errors.ts";
import { buildDonor, buildOrg, buildUser, createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;
let admin: string;
let owner: string;
let donorId: string;
beforeAll(async () => {
  t = await createTestApp();
  const org = await buildOrg(t);
  admin = (await buildUser(t, { role: "admin", organizationId: org.id })).cookie;
  owner = (await buildUser(t, { role: "org_owner", organizationId: org.id })).cookie;
  donorId = (await buildDonor(t, org.id, { age: 40, numberOfGifts: 2 })).id;
});
afterAll(async () => {
  await t?.close();
});

const f = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const NUL = INPUT_MESSAGES.forbiddenCharacter;

describe("donor filters are checked before the database sees them", () => {
  const cases: [unknown, string][] = [
    [{ minAge: 1.5 }, "Age must be a whole number."],
    [{ maxAge: 2147483648 }, "Age must be at most 120."],
    [{ minNumberOfGifts: 1e308 }, "# Of Gifts must be at most 2,147,483,647."],
    [{ minNumberOfGifts: 2.5 }, "# Of Gifts must be a whole number."],
    [{ minCapacity: 1e308 }, "Estimated Capacity must be at most 999,999,999,999."],
    [{ maxQualityScore: 1e20 }, "Quality Score must be at most 10."],
    [{ minLastGiftDate: "2024-02-30" }, "Last Gift Date must be a real calendar date (YYYY-MM-DD)."],
    [{ maxLargestGiftDate: "0000-01-01" }, "Largest Gift Date must be a real calendar date (YYYY-MM-DD)."],
    [{ searchTerm: "a\u0000b" }, NUL],
    [{ firstDateRange: "\ud800" }, NUL],
  ];
  it.each(cases)("GET /api/donors?filters=%j → 400", async (filters, message) => {
    const res = await t.request("GET", `/api/donors?filters=${f(filters)}`, { cookie: owner });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "bad_request", message });
  });

  it("the export refuses them too, before the first byte (a JSON error, not a CSV that stops)", async () => {
    for (const [filters, message] of cases) {
      const res = await t.request("GET", `/api/donors/export?filters=${f(filters)}`, { cookie: owner });
      expect(res.statusCode).toBe(400);
      expect(res.headers["content-type"]).toContain("application/json");
      expect(res.json().message).toBe(message);
    }
    const ok = await t.request("GET", `/api/donors/export?filters=${f({ minAge: 30 })}`, { cookie: owner });
    expect(ok.statusCode).toBe(200);
    expect(ok.body.split("\r\n").filter(Boolean)).toHaveLength(2);
  });

  it("a saved group with such filters is refused", async () => {
    const res = await t.request("POST", "/api/saved-donor-groups", {
      cookie: owner,
      body: { name: "G", filterSettings: { minAge: 1.5 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Age must be a whole number.");
  });
});

describe("impossible dates", () => {
  it("campaign start and end dates must exist", async () => {
    const res = await t.request("POST", "/api/campaigns", {
      cookie: owner,
      body: { name: "Gala", goal: "Raise", startDate: "2026-02-31", endDate: "2026-03-31" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Dates must be real calendar dates, like 2025-01-05.");
  });

  it("action history from/to must be real date-times (list and export)", async () => {
    for (const url of [
      "/api/actions?from=2024-02-30T00:00:00Z",
      "/api/actions/export?to=0000-01-01T00:00:00Z",
      "/api/actions/summary?from=2024-13-01T00:00:00Z",
    ]) {
      const res = await t.request("GET", url, { cookie: admin });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(INPUT_MESSAGES.invalidDateTime);
    }
  });
});

describe("NUL and unpaired surrogates anywhere under /api", () => {
  it.each([
    ["POST", "/api/issues", { type: "bug", title: "x\u0000", description: "d" }],
    ["POST", "/api/campaigns", { name: "x\u0000", goal: "g", startDate: "2026-01-01", endDate: "2026-02-01" }],
    ["POST", "/api/donor-groups", { name: "x\u0000" }],
    ["POST", "/api/saved-donor-groups", { name: "x", filterSettings: { searchTerm: "\ud800" } }],
    ["PUT", "/api/donors/DONOR/notes", { notes: "<p>a\u0000</p>" }],
    ["PUT", "/api/prompts/Discovery", { promptText: "p\u0000" }],
    ["POST", "/api/admin/organizations", { name: "x\u0000" }],
    ["POST", "/api/functions/trackAction", { actionType: "system", actionName: "x", details: { "k\u0000": 1 } }],
    ["POST", "/api/functions/trackAction", { actionType: "system", actionName: "x", details: { a: "\ud800" } }],
    ["POST", "/api/onboarding", { organizationName: "\u0000" }],
    ["POST", "/api/donors/%00/stages/preview", { stage: "Discovery" }],
    ["GET", "/api/donors/%00", undefined],
    ["GET", "/api/actions?actionName=%00", undefined],
    ["GET", "/api/actions/export?actionName=%00", undefined],
    ["GET", `/api/donors?filters=${encodeURIComponent('{"searchTerm":"\\u0000"}')}`, undefined],
    ["POST", "/api/donors/imports?fileName=a%00.csv", undefined],
    ["POST", "/api/auth/reset-password", { token: "a\u0000b", newPassword: "password123" }],
    ["POST", "/api/auth/sign-in/email", { email: "a@b.org", password: "\ud800\ud800\ud800" }],
  ] as const)("%s %s → 400 with one sentence", async (method, url, body) => {
    const res = await t.request(method, url.replace("DONOR", donorId), { cookie: owner, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^(The request contains a character that is not allowed|.*must be)/);
  });

  it("the action export with actionName=%00 answers a JSON 400 (it used to send the header line and abort)", async () => {
    const res = await t.request("GET", "/api/actions/export?actionName=%00", { cookie: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "validation_error", message: NUL });
  });
});

describe("bodies nested too deeply", () => {
  it.each(["/api/auth/sign-out", "/api/auth/sign-in/email", "/api/campaigns", "/api/functions/trackAction"])(
    "5,000 nested arrays to %s → 400",
    async (url) => {
      for (const payload of ["[".repeat(5000) + "]".repeat(5000), '{"a":'.repeat(5000) + "1" + "}".repeat(5000)]) {
        const res = await t.app.inject({
          method: "POST",
          url,
          payload,
          headers: { "content-type": "application/json", cookie: owner, origin: t.config.appUrl },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: "validation_error", message: INPUT_MESSAGES.tooDeep });
      }
    },
  );
});

describe("errors never carry SQL or data", () => {
  it("a database refusal maps to a 4xx with one sentence", async () => {
    const err = await t.db.execute(sql`SELECT ${"1.5"}::int`).catch((e: unknown) => e);
    expect(databaseErrorOf(err)?.code).toBe("22P02");
    expect(httpErrorOfDatabase("22P02")).toMatchObject({
      statusCode: 400,
      message: "A value in the request is out of range or not valid.",
    });
    expect(publicErrorMessage(err)).toBe("A value in the request is out of range or not valid.");
    const dup = await t.db.execute(sql`SELECT 'a\u0000'::text`).catch((e: unknown) => e);
    expect(publicErrorMessage(dup)).not.toMatch(/select|failed query/i);
    expect(publicErrorMessage(new Error('Failed query: INSERT INTO "donors" params: Ada'))).toBe(
      "An unexpected error occurred.",
    );
  });

  it("a path parameter over 100 characters gets { error, message } without the path echoed back", async () => {
    const res = await t.request("GET", `/api/donors/${"x".repeat(500)}`, { cookie: owner });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: "uri_too_long", message: "A part of the address is too long." });
  });
});
