import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { donorImportBatches, donors, userActions, userProfiles } from "../src/db/schema.ts";
import { loadConfig } from "../src/config.ts";
import { buildOrg, buildUser, cookieFrom, createTestApp, uniqueEmail, type TestApp } from "./helpers.ts";

/**
 * Issue 11 items 3 and 10: every state-changing /api request must come from our own origin
 * (auth/origin.ts), bodies must have the type the route reads, and without APP_URL the origin is
 * the address the page was served from.
 */
const FOREIGN = "http://localhost:3952"; // same site as the app (localhost), another origin
const CSV = "First Name,Last Name,Email\nMallory,Forged,mallory@example.org\n";
const forbidden = {
  error: "forbidden_origin",
  message: "This request did not come from Cultivate's own pages, so it was refused.",
};

describe("cross-site request forgery (APP_URL set)", () => {
  let t: TestApp;
  let orgId: string;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  beforeAll(async () => {
    t = await createTestApp();
    orgId = (await buildOrg(t)).id;
    owner = await buildUser(t, { role: "org_owner", organizationId: orgId });
  });
  afterAll(async () => {
    await t?.close();
  });

  const donorCount = async () =>
    Number(
      (
        await t.db
          .select({ n: sql<number>`count(*)` })
          .from(donors)
          .where(eq(donors.organizationId, orgId))
      )[0]!.n,
    );

  it("refuses the issue's attack from another origin of the same site, and nothing changes", async () => {
    const applicant = await buildUser(t, { status: "submitted", organizationId: orgId });
    const attack = { origin: FOREIGN, "sec-fetch-site": "same-site", "sec-fetch-mode": "no-cors" };

    const approve = await t.request("POST", `/api/admin/users/${applicant.userId}/approve`, {
      cookie: owner.cookie,
      headers: attack,
    });
    expect(approve.statusCode).toBe(403);
    expect(approve.json()).toEqual(forbidden);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, applicant.userId));
    expect(profile!.onboardingStatus).toBe("submitted");

    const before = await donorCount();
    const imported = await t.app.inject({
      method: "POST",
      url: "/api/donors/imports",
      headers: { ...attack, cookie: owner.cookie, "content-type": "text/plain;charset=UTF-8" },
      payload: CSV,
    });
    expect(imported.statusCode).toBe(403);
    expect(imported.json()).toEqual(forbidden);

    for (const url of ["/api/functions/trackAction", "/api/functions/updateAction"]) {
      const tracked = await t.app.inject({
        method: "POST",
        url,
        headers: { ...attack, cookie: owner.cookie, "content-type": "text/plain;charset=UTF-8" },
        payload: JSON.stringify({
          actionType: "navigation",
          actionName: "page_view",
          actionId: crypto.randomUUID(),
          duration_ms: 1,
        }),
      });
      expect(tracked.statusCode, url).toBe(403);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(await donorCount()).toBe(before);
    expect(
      await t.db.select().from(donorImportBatches).where(eq(donorImportBatches.organizationId, orgId)),
    ).toHaveLength(0);
    expect(await t.db.select().from(userActions).where(eq(userActions.userId, owner.userId))).toHaveLength(0);
  });

  it("refuses a foreign Origin without Sec-Fetch-Site, an opaque 'null' Origin, and a cross-site request without Origin", async () => {
    const body = { title: "Forged", description: "from elsewhere" };
    const cases: Record<string, string>[] = [
      { origin: FOREIGN },
      { origin: "null" },
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ];
    for (const headers of cases) {
      const res = await t.request("POST", "/api/issues", { cookie: owner.cookie, body, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const res = await t.request(method, `/api/admin/users/${owner.userId}/role`, {
        cookie: owner.cookie,
        body: { role: "org_manager" },
        headers: { origin: FOREIGN },
      });
      expect(res.statusCode, method).toBe(403);
    }
  });

  it("refuses a session cookie that comes with neither Origin nor Sec-Fetch-Site; accepts Sec-Fetch-Site same-origin, and clients without our cookie", async () => {
    const bare = await t.app.inject({
      method: "POST",
      url: "/api/functions/trackAction",
      headers: { cookie: owner.cookie, "content-type": "application/json" },
      payload: JSON.stringify({ actionType: "navigation", actionName: "page_view" }),
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toEqual(forbidden);

    const sameOrigin = await t.app.inject({
      method: "POST",
      url: "/api/functions/trackAction",
      headers: { cookie: owner.cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
      payload: JSON.stringify({ actionType: "navigation", actionName: "page_view" }),
    });
    expect(sameOrigin.statusCode).toBe(201);

    // A script without a session (curl, an integration) is not what CSRF abuses: sign-in works without Origin.
    const email = uniqueEmail();
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email, password: "password123" }),
    });
    expect(signUp.statusCode).toBe(200);
    // …and so does an unrelated cookie.
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json", cookie: "theme=dark" },
      payload: JSON.stringify({ email, password: "password123" }),
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("checks /api/auth too: a foreign page cannot sign in, sign out or change a password", async () => {
    const email = uniqueEmail();
    const signUp = await t.request("POST", "/api/auth/sign-up/email", {
      body: { email, password: "password123" },
      headers: { origin: FOREIGN },
    });
    expect(signUp.statusCode).toBe(403);
    expect(signUp.json()).toEqual(forbidden);
    const out = await t.request("POST", "/api/auth/sign-out", {
      cookie: owner.cookie,
      headers: { origin: FOREIGN, "sec-fetch-site": "same-site" },
    });
    expect(out.statusCode).toBe(403);
    const change = await t.request("POST", "/api/auth/change-password", {
      cookie: owner.cookie,
      body: { currentPassword: owner.password, newPassword: "stolen-pass" },
      headers: { origin: FOREIGN },
    });
    expect(change.statusCode).toBe(403);
    expect((await t.request("GET", "/api/me", { cookie: owner.cookie })).statusCode).toBe(200);
  });

  it("answers 415 to a body that is not JSON (text/plain, forms, multipart) on JSON routes", async () => {
    for (const type of [
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "text/csv",
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/issues",
        headers: { cookie: owner.cookie, origin: t.config.appUrl, "content-type": type },
        payload: JSON.stringify({ title: "t", description: "d" }),
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({
        error: "unsupported_media_type",
        message: "Send this request's body as application/json.",
      });
    }
    const noType = await t.app.inject({
      method: "POST",
      url: "/api/issues",
      headers: { cookie: owner.cookie, origin: t.config.appUrl },
      payload: "{}",
    });
    expect(noType.statusCode).toBe(415);
    // The same for better-auth's routes.
    const auth = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: t.config.appUrl, "content-type": "text/plain" },
      payload: JSON.stringify({ email: "a@b.org", password: "x" }),
    });
    expect(auth.statusCode).toBe(415);
  });

  it("the import takes CSV types only: text/plain gets 415 and nothing is imported; text/csv works", async () => {
    const before = await donorCount();
    const plain = await t.app.inject({
      method: "POST",
      url: "/api/donors/imports",
      headers: { cookie: owner.cookie, origin: t.config.appUrl, "content-type": "text/plain" },
      payload: CSV,
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toEqual({ error: "unsupported_media_type", message: "Please select a valid CSV file." });
    expect(await donorCount()).toBe(before);
    expect(
      await t.db.select().from(donorImportBatches).where(eq(donorImportBatches.organizationId, orgId)),
    ).toHaveLength(0);

    const csv = await t.app.inject({
      method: "POST",
      url: "/api/donors/imports",
      headers: { cookie: owner.cookie, origin: t.config.appUrl, "content-type": "text/csv" },
      payload: CSV,
    });
    expect(csv.statusCode, csv.body).toBe(202);
  });

  it("the sendBeacon routes still take text/plain JSON from our own origin", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/functions/trackAction",
      headers: {
        cookie: owner.cookie,
        origin: t.config.appUrl,
        "sec-fetch-site": "same-origin",
        "content-type": "text/plain;charset=UTF-8",
      },
      payload: JSON.stringify({ actionType: "navigation", actionName: "page_view" }),
    });
    expect(res.statusCode).toBe(201);
  });

  it("reads (GET) are not affected", async () => {
    const res = await t.request("GET", "/api/me", {
      cookie: owner.cookie,
      headers: { origin: FOREIGN, "sec-fetch-site": "same-site" },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("origins when APP_URL is not set (issue 11 item 10)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ appUrlExplicit: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const asServed = (host: string, origin: string) => ({ host, origin });

  it("accepts the address the page was served from: 127.0.0.1 and a LAN address can create an account, sign in and change the password", async () => {
    for (const host of ["127.0.0.1:3000", "192.168.1.20:3000", "localhost:3000", "[::1]:3000"]) {
      const email = uniqueEmail();
      const headers = asServed(host, `http://${host}`);
      const signUp = await t.request("POST", "/api/auth/sign-up/email", {
        body: { email, password: "password123" },
        headers,
      });
      expect(signUp.statusCode, `${host} ${signUp.body}`).toBe(200);
      const signIn = await t.request("POST", "/api/auth/sign-in/email", {
        body: { email, password: "password123" },
        headers,
      });
      expect(signIn.statusCode, `${host} ${signIn.body}`).toBe(200);
      // A cookie-bearing better-auth call, where better-auth checks the origin itself.
      const change = await t.request("POST", "/api/auth/change-password", {
        cookie: cookieFrom(signIn),
        body: { currentPassword: "password123", newPassword: "password456" },
        headers,
      });
      expect(change.statusCode, `${host} ${change.body}`).toBe(200);
    }
  });

  it("refuses an origin that is not the served address, another scheme, or a Host that is not a host", async () => {
    const cases = [
      asServed("192.168.1.20:3000", "http://127.0.0.1:3000"),
      asServed("127.0.0.1:3000", "http://localhost:3000"),
      asServed("127.0.0.1:3000", "https://127.0.0.1:3000"),
      asServed("127.0.0.1:3000", "http://127.0.0.1:3001"),
      asServed("evil.example@127.0.0.1:3000", "http://127.0.0.1:3000"),
    ];
    for (const headers of cases) {
      const res = await t.request("POST", "/api/auth/sign-up/email", {
        body: { email: uniqueEmail(), password: "password123" },
        headers,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
  });
});

describe("origins with APP_URL and TRUSTED_ORIGINS", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustedOrigins: ["https://admin.example.org"] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("accepts exactly APP_URL and the listed origins, not the served address", async () => {
    const email = uniqueEmail();
    const listed = await t.request("POST", "/api/auth/sign-up/email", {
      body: { email, password: "password123" },
      headers: { origin: "https://admin.example.org", "sec-fetch-site": "cross-site" },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const signIn = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email, password: "password123" },
      headers: { origin: "https://admin.example.org" },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const out = await t.request("POST", "/api/auth/sign-out", {
      cookie: cookieFrom(signIn),
      headers: { origin: "https://admin.example.org" },
    });
    expect(out.statusCode, out.body).toBe(200);

    const served = await t.request("POST", "/api/auth/sign-up/email", {
      body: { email: uniqueEmail(), password: "password123" },
      headers: { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" },
    });
    expect(served.statusCode).toBe(403);
    const sibling = await t.request("POST", "/api/auth/sign-up/email", {
      body: { email: uniqueEmail(), password: "password123" },
      headers: { origin: "https://other.example.org" },
    });
    expect(sibling.statusCode).toBe(403);
  });

  it("TRUSTED_ORIGINS is validated at start-up: origins only, comma-separated", () => {
    const base = { NODE_ENV: "test" as const, APP_URL: "https://app.example.org" };
    expect(
      loadConfig({ ...base, TRUSTED_ORIGINS: " https://a.example.org, http://b.example.org:8080/ " }).trustedOrigins,
    ).toEqual(["https://a.example.org", "http://b.example.org:8080"]);
    expect(loadConfig(base)).toMatchObject({ appUrlExplicit: true, trustedOrigins: [] });
    expect(loadConfig({ NODE_ENV: "test" })).toMatchObject({ appUrlExplicit: false, appUrl: "http://localhost:3000" });
    for (const bad of [
      "https://a.example.org/path",
      "ftp://a.example.org",
      "a.example.org",
      "https://a.example.org,not a url",
    ]) {
      expect(() => loadConfig({ ...base, TRUSTED_ORIGINS: bad }), bad).toThrow(/TRUSTED_ORIGINS/);
    }
    expect(() => loadConfig({ NODE_ENV: "test", APP_URL: "ftp://app.example.org" })).toThrow(/APP_URL/);
  });
});
