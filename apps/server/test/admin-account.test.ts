import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, cookieFrom, createTestApp, registerUser, signIn, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from the otpauth:// URI's base32 secret. */
function totp(uri: string, at = Date.now()): string {
  const secret = new URL(uri).searchParams.get("secret")!;
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of secret.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const h = crypto.createHmac("sha1", key).update(counter).digest();
  const offset = h[h.length - 1]! & 15;
  const n = ((h[offset]! & 127) << 24) | (h[offset + 1]! << 16) | (h[offset + 2]! << 8) | h[offset + 3]!;
  return String(n % 1_000_000).padStart(6, "0");
}

/** Turns two-factor on for a user the way the account page does: enable with the password, then confirm a code. */
async function enableTwoFactor(u: { cookie: string; password: string }) {
  const enable = await t.request("POST", "/api/auth/two-factor/enable", {
    cookie: u.cookie,
    body: { password: u.password },
  });
  expect(enable.statusCode).toBe(200);
  const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
  const verify = await t.request("POST", "/api/auth/two-factor/verify-totp", {
    cookie: u.cookie,
    body: { code: totp(totpURI) },
  });
  expect(verify.statusCode).toBe(200);
  // better-auth replaces the session when two-factor turns on.
  return { totpURI, backupCodes, cookie: cookieFrom(verify) || u.cookie };
}

describe("change password", () => {
  it("requires the current password and the spec's length rule", async () => {
    const u = await registerUser(t);
    const missing = await t.request("POST", "/api/auth/change-password", {
      cookie: u.cookie,
      body: { newPassword: "another-pass" },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Please enter your current password.");
    const short = await t.request("POST", "/api/auth/change-password", {
      cookie: u.cookie,
      body: { currentPassword: u.password, newPassword: "12345" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Password must be at least 6 characters long");
    const long = await t.request("POST", "/api/auth/change-password", {
      cookie: u.cookie,
      body: { currentPassword: u.password, newPassword: "x".repeat(129) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("Password must be at most 128 characters long");
    const wrong = await t.request("POST", "/api/auth/change-password", {
      cookie: u.cookie,
      body: { currentPassword: "not-it-at-all", newPassword: "another-pass" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/invalid password/i);
    expect(
      (
        await t.request("POST", "/api/auth/change-password", {
          body: { currentPassword: u.password, newPassword: "another-pass" },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("changes it: the new password signs in, the old one no longer does", async () => {
    const u = await registerUser(t);
    const res = await t.request("POST", "/api/auth/change-password", {
      cookie: u.cookie,
      body: { currentPassword: u.password, newPassword: "brand-new-pass", revokeOtherSessions: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty("token");
    await signIn(t, u.email, "brand-new-pass");
    const old = await t.request("POST", "/api/auth/sign-in/email", { body: { email: u.email, password: u.password } });
    expect(old.statusCode).toBe(401);
  });
});

describe("two-factor sign-in (TOTP)", () => {
  it("needs the password to start set-up and stays off until a correct code confirms it", async () => {
    const u = await registerUser(t);
    const noPassword = await t.request("POST", "/api/auth/two-factor/enable", { cookie: u.cookie, body: {} });
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await t.request("POST", "/api/auth/two-factor/enable", {
      cookie: u.cookie,
      body: { password: "wrong-password" },
    });
    expect(wrongPassword.statusCode).toBe(400);
    const enable = await t.request("POST", "/api/auth/two-factor/enable", {
      cookie: u.cookie,
      body: { password: u.password },
    });
    expect(enable.statusCode).toBe(200);
    expect(enable.json().totpURI).toMatch(/^otpauth:\/\/totp\/Cultivate:/);
    expect(enable.json().backupCodes).toHaveLength(10);
    // Not confirmed yet: sign-in is still one step.
    const plain = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: u.email, password: u.password },
    });
    expect(plain.json()).not.toHaveProperty("twoFactorRedirect");
    const bad = await t.request("POST", "/api/auth/two-factor/verify-totp", {
      cookie: u.cookie,
      body: { code: "000000" },
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    const session = await t.request("GET", "/api/auth/get-session", { cookie: u.cookie });
    expect(session.json().user.twoFactorEnabled).toBe(false);
  });

  it("asks for the code at sign-in, creates the session only for a correct code, and admins see it in the user list", async () => {
    const u = await registerUser(t);
    const { totpURI } = await enableTwoFactor(u);

    const first = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: u.email, password: u.password },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    const pending = cookieFrom(first);
    // The password alone is not a session.
    expect((await t.request("GET", "/api/me", { cookie: pending })).statusCode).toBe(401);

    const wrong = await t.request("POST", "/api/auth/two-factor/verify-totp", {
      cookie: pending,
      body: { code: "123456" === totp(totpURI) ? "654321" : "123456" },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.request("POST", "/api/auth/two-factor/verify-totp", {
      cookie: pending,
      body: { code: totp(totpURI) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).not.toHaveProperty("token");
    const me = await t.request("GET", "/api/me", { cookie: cookieFrom(ok) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(u.email);

    const admin = await buildUser(t, { role: "admin", organizationId: null });
    const list = (await t.request("GET", "/api/admin/users", { cookie: admin.cookie })).json();
    expect(list.users.find((x: { id: string }) => x.id === u.userId).twoFactorEnabled).toBe(true);
  });

  it("accepts a backup code once instead of the authenticator code", async () => {
    const u = await registerUser(t);
    const { backupCodes } = await enableTwoFactor(u);
    const first = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: u.email, password: u.password },
    });
    const ok = await t.request("POST", "/api/auth/two-factor/verify-backup-code", {
      cookie: cookieFrom(first),
      body: { code: backupCodes[0] },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.request("GET", "/api/me", { cookie: cookieFrom(ok) })).statusCode).toBe(200);
    const again = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: u.email, password: u.password },
    });
    const reused = await t.request("POST", "/api/auth/two-factor/verify-backup-code", {
      cookie: cookieFrom(again),
      body: { code: backupCodes[0] },
    });
    expect(reused.statusCode).toBeGreaterThanOrEqual(400);
  });

  it("turns off with the password; sign-in is one step again", async () => {
    const u = await registerUser(t);
    const { cookie } = await enableTwoFactor(u);
    expect(
      (await t.request("POST", "/api/auth/two-factor/disable", { cookie, body: { password: "wrong-password" } }))
        .statusCode,
    ).toBe(400);
    const off = await t.request("POST", "/api/auth/two-factor/disable", { cookie, body: { password: u.password } });
    expect(off.statusCode).toBe(200);
    const res = await t.request("POST", "/api/auth/sign-in/email", { body: { email: u.email, password: u.password } });
    expect(res.json()).not.toHaveProperty("twoFactorRedirect");
    expect((await t.request("GET", "/api/me", { cookie: cookieFrom(res) })).statusCode).toBe(200);
  });
});
