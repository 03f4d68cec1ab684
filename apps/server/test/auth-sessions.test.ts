import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sessions } from "../src/db/schema.ts";
import { cookieFrom, createTestApp, registerUser, signIn, type TestApp } from "./helpers.ts";

/** Issue 11 item 9 (b, c, e): password change, better-auth endpoints we do not serve, idle timeout on /api/auth. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("password change", () => {
  it("signs out every other session even when the client asks to keep them", async () => {
    const { email, password, cookie } = await registerUser(t);
    const laptop = await signIn(t, email, password);
    const res = await t.request("POST", "/api/auth/change-password", {
      cookie,
      body: { currentPassword: password, newPassword: "changed-once", revokeOtherSessions: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/"token"/);
    // The browser that changed it stays signed in (with its new cookie); the other session is gone.
    const current = cookieFrom(res);
    expect((await t.request("GET", "/api/me", { cookie: current })).statusCode).toBe(200);
    expect((await t.request("GET", "/api/me", { cookie: laptop })).statusCode).toBe(401);

    // The same without the flag.
    const phone = await signIn(t, email, "changed-once");
    const again = await t.request("POST", "/api/auth/change-password", {
      cookie: current,
      body: { currentPassword: "changed-once", newPassword: "changed-twice" },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await t.request("GET", "/api/me", { cookie: phone })).statusCode).toBe(401);
    expect((await t.request("GET", "/api/me", { cookie: cookieFrom(again) })).statusCode).toBe(200);
  });
});

describe("better-auth endpoints the app does not use", () => {
  it("are not served (404), so list-sessions cannot hand out session tokens", async () => {
    const { cookie } = await registerUser(t);
    const paths = [
      "list-sessions",
      "revoke-session",
      "revoke-sessions",
      "revoke-other-sessions",
      "update-user",
      "delete-user",
      "change-email",
      "list-accounts",
      "update-session",
      "two-factor/get-totp-uri",
      "two-factor/generate-backup-codes",
      "two-factor/send-otp",
      "send-verification-email",
      "verify-email",
      "sign-in/social",
      "ok",
    ];
    for (const p of paths) {
      for (const method of ["GET", "POST"] as const) {
        const res = await t.request(method, `/api/auth/${p}`, { cookie, ...(method === "POST" ? { body: {} } : {}) });
        expect(res.statusCode, `${method} ${p}`).toBe(404);
        expect(res.body).not.toMatch(/token/i);
      }
    }
  });

  it("get-session answers the user and session without any token", async () => {
    const { cookie, userId } = await registerUser(t);
    const res = await t.request("GET", "/api/auth/get-session", { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: userId }, session: { userId } });
    expect(res.body).not.toMatch(/"token"/);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(res.body).not.toContain(row!.token);
  });
});

describe("idle timeout on better-auth's routes", () => {
  const idle = (userId: string) =>
    t.db
      .update(sessions)
      .set({ lastActiveAt: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where(eq(sessions.userId, userId));

  it("get-session, change-password and the two-factor routes treat an idle session as signed out and delete it", async () => {
    const a = await registerUser(t);
    await idle(a.userId);
    const session = await t.request("GET", "/api/auth/get-session", { cookie: a.cookie });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, a.userId))).toHaveLength(0);

    const b = await registerUser(t);
    await idle(b.userId);
    const change = await t.request("POST", "/api/auth/change-password", {
      cookie: b.cookie,
      body: { currentPassword: b.password, newPassword: "new-password-1" },
    });
    expect(change.statusCode).toBe(401);
    await signIn(t, b.email, b.password); // the password did not change

    const c = await registerUser(t);
    await idle(c.userId);
    const enable = await t.request("POST", "/api/auth/two-factor/enable", {
      cookie: c.cookie,
      body: { password: c.password },
    });
    expect(enable.statusCode).toBe(401);
  });

  it("a request to get-session counts as activity", async () => {
    const { cookie, userId } = await registerUser(t);
    const old = new Date(Date.now() - 2 * 24 * 3600_000);
    await t.db.update(sessions).set({ lastActiveAt: old }).where(eq(sessions.userId, userId));
    expect((await t.request("GET", "/api/auth/get-session", { cookie })).json()).not.toBeNull();
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(row!.lastActiveAt!.getTime()).toBeGreaterThan(old.getTime() + 24 * 3600_000);
  });
});
