import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accounts, emailOutbox, sessions, userProfiles, verifications } from "../src/db/schema.ts";
import { cookieFrom, createTestApp, registerUser, signIn, uniqueEmail, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("register", () => {
  it("creates an account with a pending profile, signs the user in and sends them to the onboarding form", async () => {
    const email = uniqueEmail();
    const res = await t.request("POST", "/api/auth/sign-up/email", {
      body: { email, password: "secret1", name: email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty("token");
    const cookie = cookieFrom(res);
    const me = await t.request("GET", "/api/me", { cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user: { email },
      onboardingStatus: "pending",
      roles: [],
      organization: null,
      dashboard: "/onboarding-form",
    });
  });

  it("rejects a password under 6 characters on the server", async () => {
    const res = await t.request("POST", "/api/auth/sign-up/email", {
      body: { email: uniqueEmail(), password: "12345" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "validation_error", message: "Password must be at least 6 characters long" });
    const long = await t.request("POST", "/api/auth/sign-up/email", {
      body: { email: uniqueEmail(), password: "x".repeat(129) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: "validation_error", message: "Password must be at most 128 characters long" });
  });

  // Issue 11 item 9: the old rule answered 422 "User already exists", telling anyone who has an account.
  it("answers an already registered address exactly as a new one, and emails the address instead", async () => {
    const { email, userId } = await registerUser(t);
    const fresh = await t.request("POST", "/api/auth/sign-up/email", {
      body: { email: uniqueEmail(), password: "another1" },
    });
    const again = await t.request("POST", "/api/auth/sign-up/email", { body: { email, password: "another1" } });
    expect(again.statusCode).toBe(200);
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.body).toBe(fresh.body);
    expect(again.json()).toEqual({ ok: true });
    // No session for the stranger, and the account is untouched (its password still works).
    expect(cookieFrom(again)).toBe("");
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(1);
    await signIn(t, email, "password123");
    // The email is queued after the answer (so its time does not tell either).
    const accountExistsMails = async () =>
      (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email))).filter(
        (m) => m.kind === "account_exists",
      );
    await expect.poll(async () => (await accountExistsMails()).length).toBe(1);
    const mails = await accountExistsMails();
    expect(mails[0]!.text).toContain("Someone tried to create a Cultivate account with your email address");
    expect(mails[0]!.text).toContain(`${t.config.appUrl}/login`);
    expect(mails[0]!.text).toContain(`${t.config.appUrl}/forgot-password`);
    // A second try within 15 minutes answers the same but does not mail again (no inbox flooding).
    const third = await t.request("POST", "/api/auth/sign-up/email", { body: { email, password: "another2" } });
    expect(third.json()).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(await accountExistsMails()).toHaveLength(1);
  });

  it("hashes passwords with argon2id at m=19456, t=2, p=1", async () => {
    const { userId } = await registerUser(t);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, userId));
    expect(account!.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe("sign in", () => {
  it("signs in with the right password and answers 401 with a message for a wrong one", async () => {
    const { email, password } = await registerUser(t);
    const bad = await t.request("POST", "/api/auth/sign-in/email", { body: { email, password: "wrong-password" } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ error: "invalid_email_or_password", message: "Invalid email or password" });
    const cookie = await signIn(t, email, password);
    expect((await t.request("GET", "/api/me", { cookie })).statusCode).toBe(200);
  });

  it("requires email and password", async () => {
    const res = await t.request("POST", "/api/auth/sign-in/email", { body: { email: "" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("validation_error");
  });

  it("remember me keeps the session for 30 days; without it the cookie ends with the browser", async () => {
    const { email, password } = await registerUser(t);
    const remembered = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email, password, rememberMe: true },
    });
    const token = remembered.cookies.find((c) => c.name === "cultivate.session_token")!;
    expect(token.maxAge).toBe(30 * 24 * 60 * 60);
    expect(token.httpOnly).toBe(true);
    expect(token.sameSite).toBe("Lax");
    expect(token.secure).toBeFalsy();

    const browserSession = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email, password, rememberMe: false },
    });
    const sessionCookie = browserSession.cookies.find((c) => c.name === "cultivate.session_token")!;
    expect(sessionCookie.maxAge).toBeUndefined();
    expect(sessionCookie.expires).toBeUndefined();
  });

  // Issue 11 item 9: the old rule also locked the real user out from a clean address (the 6th attempt,
  // with the right password, got 429), so anyone could lock a known user out.
  it("after 5 failures for one account, refuses every address that failed, even with the right password", async () => {
    const { email, password } = await registerUser(t);
    const attacker = "192.0.2.77";
    for (let i = 0; i < 5; i++) {
      const res = await t.request("POST", "/api/auth/sign-in/email", {
        body: { email, password: "nope-nope" },
        ip: i < 3 ? attacker : `192.0.2.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await t.request("POST", "/api/auth/sign-in/email", { body: { email, password }, ip: attacker });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: "too_many_requests",
      message: "Too many attempts. Please wait a minute and try again.",
    });
    // An address that failed on another account is not clean either.
    const other = await registerUser(t);
    const elsewhereIp = "192.0.2.78";
    expect(
      (
        await t.request("POST", "/api/auth/sign-in/email", {
          body: { email: other.email, password: "nope-nope" },
          ip: elsewhereIp,
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.request("POST", "/api/auth/sign-in/email", { body: { email, password }, ip: elsewhereIp })).statusCode,
    ).toBe(429);
  });

  it("lets the real user in from a clean address while the account is locked; a clean address that fails is locked too", async () => {
    const { email, password } = await registerUser(t);
    for (let i = 0; i < 5; i++) {
      const res = await t.request("POST", "/api/auth/sign-in/email", {
        body: { email, password: "nope-nope" },
        ip: "192.0.2.90",
      });
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await t.request("POST", "/api/auth/sign-in/email", { body: { email, password }, ip: "192.0.2.90" })).statusCode,
    ).toBe(429);
    // Another attacker address gets one guess: it fails, and that address is then refused.
    const guess = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email, password: "nope-again" },
      ip: "192.0.2.91",
    });
    expect(guess.statusCode).toBe(401);
    expect(
      (await t.request("POST", "/api/auth/sign-in/email", { body: { email, password }, ip: "192.0.2.91" })).statusCode,
    ).toBe(429);
    // The real user, from an address with no recent failures, signs in at once.
    const real = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email, password, rememberMe: true },
      ip: "203.0.113.5",
    });
    expect(real.statusCode).toBe(200);
    expect((await t.request("GET", "/api/me", { cookie: cookieFrom(real) })).statusCode).toBe(200);
  });

  it("answers 429 to the 6th failed sign-in from one address across accounts", async () => {
    const ip = "198.51.100.7";
    for (let i = 0; i < 5; i++) {
      const res = await t.request("POST", "/api/auth/sign-in/email", {
        body: { email: uniqueEmail(), password: "nope-nope" },
        ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: uniqueEmail(), password: "nope-nope" },
      ip,
    });
    expect(res.statusCode).toBe(429);
    const elsewhere = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: uniqueEmail(), password: "nope-nope" },
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe("sessions", () => {
  it("answers 401 with { error, message } without a session", async () => {
    const res = await t.request("GET", "/api/me");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "unauthorized", message: expect.any(String) });
  });

  it("ends a session idle for more than 7 days and deletes it", async () => {
    const { userId, cookie } = await registerUser(t);
    await t.db
      .update(sessions)
      .set({ lastActiveAt: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where(eq(sessions.userId, userId));
    expect((await t.request("GET", "/api/me", { cookie })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  });

  it("ends a session past its absolute lifetime however active it was", async () => {
    const { userId, cookie } = await registerUser(t);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastActiveAt: new Date() })
      .where(eq(sessions.userId, userId));
    expect((await t.request("GET", "/api/me", { cookie })).statusCode).toBe(401);
  });

  it("deletes a session past its absolute lifetime when it is next used", async () => {
    const { userId, cookie } = await registerUser(t);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastActiveAt: new Date() })
      .where(eq(sessions.userId, userId));
    expect((await t.request("GET", "/api/me", { cookie })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
  });

  it("refuses a session cookie whose signature is not the server's, or that has none", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const valueOf = (cookie: string) => decodeURIComponent(cookie.match(/cultivate\.session_token=([^;]+)/)![1]!);
    const [tokenA, signatureA] = valueOf(a.cookie).split(".");
    const [, signatureB] = valueOf(b.cookie).split(".");
    const asCookie = (value: string) => `cultivate.session_token=${encodeURIComponent(value)}`;
    expect((await t.request("GET", "/api/me", { cookie: asCookie(`${tokenA}.${signatureA}`) })).statusCode).toBe(200);
    for (const forged of [`${tokenA}.${signatureB}`, tokenA!, `${tokenA}.`, `${tokenA}.${"A".repeat(43)}=`]) {
      const res = await t.request("GET", "/api/me", { cookie: asCookie(forged) });
      expect(res.statusCode, forged).toBe(401);
    }
    // The session itself is untouched: the real cookie still works.
    expect((await t.request("GET", "/api/me", { cookie: a.cookie })).statusCode).toBe(200);
  });

  it("recognises the session cookie of an app served over https (__Secure- prefix)", async () => {
    const secure = await createTestApp({ appUrl: "https://cultivate.example.org" });
    try {
      const { cookie } = await registerUser(secure);
      expect(cookie).toMatch(/^__Secure-cultivate\.session_token=/);
      expect((await secure.request("GET", "/api/me", { cookie })).statusCode).toBe(200);
      const plain = cookie.replace(/^__Secure-/, "");
      expect((await secure.request("GET", "/api/me", { cookie: plain })).statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });

  it("sets an absolute expiry 30 days after sign-in", async () => {
    const { userId } = await registerUser(t);
    const [s] = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
    const days = (s!.expiresAt.getTime() - s!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 1);
  });
});

describe("sign out", () => {
  it("ends the session and returns success", async () => {
    const { cookie } = await registerUser(t);
    const res = await t.request("POST", "/api/auth/sign-out", { cookie });
    expect(res.statusCode).toBe(200);
    expect((await t.request("GET", "/api/me", { cookie })).statusCode).toBe(401);
  });

  it("succeeds and clears the cookies when the server no longer knows the session", async () => {
    const { userId, cookie } = await registerUser(t);
    await t.db.delete(sessions).where(eq(sessions.userId, userId));
    const res = await t.request("POST", "/api/auth/sign-out", { cookie });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === "cultivate.session_token");
    expect(cleared?.value ?? "").toBe("");
  });

  it("succeeds with no session at all", async () => {
    const res = await t.request("POST", "/api/auth/sign-out");
    expect(res.statusCode).toBe(200);
  });
});

describe("password reset", () => {
  const resetLink = async (email: string) => {
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const mail = rows.find((r) => r.kind === "password_reset");
    const match = mail?.text.match(/https?:\/\/\S+/);
    return match?.[0];
  };

  it("answers the same whether or not the address exists, and mails a link only to real accounts", async () => {
    const { email } = await registerUser(t);
    const ghost = uniqueEmail("ghost");
    const real = await t.request("POST", "/api/auth/request-password-reset", { body: { email } });
    const fake = await t.request("POST", "/api/auth/request-password-reset", { body: { email: ghost } });
    expect(real.statusCode).toBe(200);
    expect(fake.statusCode).toBe(200);
    expect(fake.json()).toEqual(real.json());
    expect(await resetLink(email)).toBeDefined();
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, ghost))).toHaveLength(0);
  });

  it("the link leads to the reset page, works once, and signs out other sessions", async () => {
    const { email, cookie } = await registerUser(t);
    await t.request("POST", "/api/auth/request-password-reset", {
      body: { email, redirectTo: "https://evil.example/steal" },
    });
    const link = new URL((await resetLink(email))!);
    expect(link.origin).toBe(t.config.appUrl);

    const follow = await t.request("GET", link.pathname + link.search);
    expect(follow.statusCode).toBe(302);
    const location = new URL(follow.headers.location as string, t.config.appUrl);
    expect(location.pathname).toBe("/reset-password");
    const token = location.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const reset = await t.request("POST", "/api/auth/reset-password", {
      body: { token, newPassword: "brand-new-pass" },
    });
    expect(reset.statusCode).toBe(200);
    await signIn(t, email, "brand-new-pass");
    expect((await t.request("GET", "/api/me", { cookie })).statusCode).toBe(401);

    const again = await t.request("POST", "/api/auth/reset-password", { body: { token, newPassword: "another-pass" } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: "invalid_token" });
  });

  it("rejects an expired token", async () => {
    const { email } = await registerUser(t);
    await t.request("POST", "/api/auth/request-password-reset", { body: { email } });
    const link = new URL((await resetLink(email))!);
    const token = link.pathname.split("/").pop()!;
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const res = await t.request("POST", "/api/auth/reset-password", { body: { token, newPassword: "brand-new-pass" } });
    expect(res.statusCode).toBe(400);
  });

  it("rejects a new password under 6 characters", async () => {
    const res = await t.request("POST", "/api/auth/reset-password", { body: { token: "x", newPassword: "123" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Password must be at least 6 characters long");
    const long = await t.request("POST", "/api/auth/reset-password", {
      body: { token: "x", newPassword: "x".repeat(129) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("Password must be at most 128 characters long");
  });

  it("limits reset requests per account", async () => {
    const email = uniqueEmail("limited");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.request("POST", "/api/auth/request-password-reset", { body: { email } })).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe("profiles", () => {
  it("every registered user gets a profile", async () => {
    const { userId } = await registerUser(t);
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, userId));
    expect(profile?.onboardingStatus).toBe("pending");
  });
});
