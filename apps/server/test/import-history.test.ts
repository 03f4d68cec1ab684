// Issue 14: the import history (who, when, status, counts, a page at a time), the upload's result
// sentence with real counts, and who may undo an import (docs/RULES.md, Import).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { onboardingForms, users } from "../src/db/schema.ts";
import { buildUser, createTestApp, type TestApp } from "./helpers.ts";
import { twoOrganizations, type OrganizationPeople, type TwoOrganizations } from "./fixtures.ts";

let t: TestApp;
let a: OrganizationPeople;
let b: OrganizationPeople;
let colleague: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await createTestApp();
  const orgs: TwoOrganizations = await twoOrganizations(t, { names: ["History A", "History B"], records: false });
  ({ a, b } = orgs);
  colleague = await buildUser(t, { role: "org_officer", organizationId: a.org.id });
  // The officer named themselves in the onboarding form: the history names them by it.
  await t.db.insert(onboardingForms).values({
    userId: a.officer.userId,
    organizationName: a.org.name,
    firstName: "Maria",
    lastName: "Lopez",
  });
});
afterAll(async () => {
  await t?.close();
});

const csvOf = (rows: number, changed = 0) =>
  [
    "First Name,Last Name,Client ID,City",
    ...Array.from({ length: rows }, (_, i) => `Given${i},Family${i},H-${i},${i < changed ? "Madison" : "Denver"}`),
  ].join("\r\n") + "\r\n";

async function importCsv(csv: string, cookie: string, fileName: string) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/donors/imports?fileName=${fileName}`,
    payload: csv,
    headers: { "content-type": "text/csv", cookie, origin: t.config.appUrl },
  });
  expect(res.statusCode, res.body).toBe(202);
  return waitFor(res.json().id, cookie, ["completed", "failed"]);
}
async function waitFor(id: string, cookie: string, until: string[]) {
  for (let i = 0; i < 1200; i++) {
    const body = (await t.request("GET", `/api/donors/imports/${id}`, { cookie })).json();
    if (until.includes(body.status)) return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("import did not finish");
}

describe("the upload's result", () => {
  it("says what happened, with thousands separators: n donor records, how many new, updated and unchanged", async () => {
    const first = await importCsv(csvOf(1200), a.officer.cookie, "first.csv");
    expect(first.message).toBe("Successfully uploaded 1,200 donor records (1,200 new, 0 updated, 0 unchanged)!");
    // The same file with five cities changed: five updates, the rest unchanged.
    const again = await importCsv(csvOf(1200, 5), a.officer.cookie, "again.csv");
    expect(again.counts).toEqual({ inserted: 0, updated: 5, unchanged: 1195, skipped: 0 });
    expect(again.message).toBe("Successfully uploaded 1,200 donor records (0 new, 5 updated, 1,195 unchanged)!");
    // One donor record, and a row left out, in the singular.
    const one = await importCsv("First Name,Last Name\r\nSolo,Person\r\n,\r\n", a.officer.cookie, "one.csv");
    expect(one.message).toBe(
      "Successfully uploaded 1 donor record (1 new, 0 updated, 0 unchanged)! 1 row was skipped (see the problem report).",
    );
  });
});

describe("the import history", () => {
  it("lists the organisation's imports newest first with file, who, when, status and counts, a page at a time", async () => {
    const res = await t.request("GET", "/api/donors/imports", { cookie: a.manager.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(20);
    expect(body.imports.map((i: { fileName: string }) => i.fileName)).toEqual(["one.csv", "again.csv", "first.csv"]);
    const [latest] = body.imports;
    expect(latest).toMatchObject({
      status: "completed",
      createdBy: { name: "Maria Lopez", email: a.officer.email },
      organizationName: a.org.name,
      counts: { inserted: 1, updated: 0, unchanged: 0, skipped: 1 },
      problemCount: 1,
      // The list leaves the problem rows to the report (GET /api/donors/imports/{id}).
      problems: [],
    });
    expect(new Date(latest.createdAt).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);

    const page2 = (await t.request("GET", "/api/donors/imports?page=2", { cookie: a.manager.cookie })).json();
    expect(page2).toMatchObject({ total: 3, page: 2, imports: [] });
    // Another organisation's history is not there, and naming it is 404.
    expect((await t.request("GET", "/api/donors/imports", { cookie: b.owner.cookie })).json().total).toBe(0);
    expect(
      (await t.request("GET", `/api/donors/imports?organizationId=${a.org.id}`, { cookie: b.owner.cookie })).statusCode,
    ).toBe(404);
  });

  it("names the importer by email when they gave no name", async () => {
    await importCsv("First Name,Last Name\r\nNo,Name\r\n", colleague.cookie, "colleague.csv");
    const [latest] = (await t.request("GET", "/api/donors/imports", { cookie: a.owner.cookie })).json().imports;
    expect(latest.fileName).toBe("colleague.csv");
    expect(latest.createdBy).toEqual({ name: null, email: colleague.email });
  });
});

describe("who may undo an import", () => {
  it("is whoever ran it, or a manager, an owner or an admin: canUndo says so and the server refuses the rest (403)", async () => {
    const mine = await importCsv("First Name,Last Name\r\nUndo,Mine\r\n", a.officer.cookie, "mine.csv");
    expect(mine.canUndo).toBe(true);
    const seenByColleague = (await t.request("GET", "/api/donors/imports", { cookie: colleague.cookie }))
      .json()
      .imports.find((i: { id: string }) => i.id === mine.id);
    expect(seenByColleague.canUndo).toBe(false);
    const refused = await t.request("POST", `/api/donors/imports/${mine.id}/undo`, { cookie: colleague.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Only the person who ran this import, a manager, an owner or an administrator can undo it.",
    );
    const byMaker = await t.request("POST", `/api/donors/imports/${mine.id}/undo`, { cookie: a.officer.cookie });
    expect(byMaker.statusCode).toBe(202);
    expect((await waitFor(mine.id, a.officer.cookie, ["undone"])).status).toBe("undone");

    for (const who of [a.manager, a.owner, a.admin]) {
      const other = await importCsv("First Name,Last Name\r\nUndo,Theirs\r\n", colleague.cookie, "theirs.csv");
      const view = await t.request("GET", `/api/donors/imports/${other.id}`, { cookie: who.cookie });
      expect(view.json().canUndo).toBe(true);
      const res = await t.request("POST", `/api/donors/imports/${other.id}/undo`, { cookie: who.cookie });
      expect(res.statusCode, res.body).toBe(202);
      await waitFor(other.id, who.cookie, ["undone"]);
    }
  });

  it("keeps an import whose importer's account is gone undoable by managers, not by officers", async () => {
    const gone = await buildUser(t, { role: "org_officer", organizationId: a.org.id });
    const batch = await importCsv("First Name,Last Name\r\nGone,Importer\r\n", gone.cookie, "gone.csv");
    await t.db.delete(users).where(eq(users.id, gone.userId));
    const asOfficer = (await t.request("GET", `/api/donors/imports/${batch.id}`, { cookie: a.officer.cookie })).json();
    expect(asOfficer).toMatchObject({ createdBy: null, canUndo: false });
    expect(
      (await t.request("GET", `/api/donors/imports/${batch.id}`, { cookie: a.manager.cookie })).json().canUndo,
    ).toBe(true);
  });
});
