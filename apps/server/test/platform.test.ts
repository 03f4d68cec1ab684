import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { emailOutbox } from "../src/db/schema.ts";
import { createTestApp, registerUser, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("errors", () => {
  it("answers unknown API routes with a JSON 404", async () => {
    const res = await t.request("GET", "/api/nothing-here");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "not_found", message: "Route not found." });
  });

  it("answers malformed JSON with a 400 and no stack trace", async () => {
    const { cookie } = await registerUser(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/onboarding",
      headers: { cookie, "content-type": "application/json", origin: t.config.appUrl },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(["error", "message"]);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it("refuses bodies over the limit with 413", async () => {
    const { cookie } = await registerUser(t);
    const res = await t.request("POST", "/api/onboarding", {
      cookie,
      body: { organizationName: "x".repeat(2 * 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "payload_too_large", message: "The request body is too large." });
  });

  it("answers wrong types with a validation error", async () => {
    const { cookie } = await registerUser(t);
    const res = await t.request("POST", "/api/onboarding", {
      cookie,
      body: { organizationName: 42, firstName: ["x"], lastName: {} },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("validation_error");
  });
});

describe("security headers and cookies", () => {
  it("sends helmet's headers and a content security policy", async () => {
    const res = await t.request("GET", "/api/health");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-frame-options"]).toBeDefined();
  });

  it("marks the session cookie Secure when the app is served over https", async () => {
    const secure = await createTestApp({ appUrl: "https://cultivate.example.org" });
    try {
      const email = `secure-${Date.now()}@example.org`;
      const res = await secure.request("POST", "/api/auth/sign-up/email", { body: { email, password: "secret1" } });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name.endsWith("cultivate.session_token"))!;
      expect(cookie.secure).toBe(true);
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe("Lax");
    } finally {
      await secure.close();
    }
  });
});

describe("OpenAPI", () => {
  it("lists every API route at /api/docs", async () => {
    const res = await t.request("GET", "/api/docs/json");
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      "/api/me",
      "/api/onboarding",
      "/api/config",
      "/api/health",
      "/api/test-email",
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/sign-out",
      "/api/auth/request-password-reset",
      "/api/auth/reset-password",
      "/api/auth/reset-password/{token}",
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe("public config and the Test Email button", () => {
  it("tells the browser the support address", async () => {
    const res = await t.request("GET", "/api/config");
    expect(res.json()).toEqual({ productName: "Cultivate", supportEmail: "support@cultivate.test" });
  });

  it("sends the fixed test message only to SUPPORT_EMAIL, whatever the visitor sends, and limits it", async () => {
    const ip = "203.0.113.9";
    const first = await t.request("POST", "/api/test-email", {
      ip,
      body: { to: "victim@example.com", subject: "spam", text: "spam" },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, status: "stored" });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "test"));
    expect(mails.map((m) => m.to)).toEqual(["support@cultivate.test"]);
    expect(mails[0]!.subject).toBe("Cultivate test email");
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, "victim@example.com"))).toHaveLength(0);

    expect((await t.request("POST", "/api/test-email", { ip })).statusCode).toBe(200);
    expect((await t.request("POST", "/api/test-email", { ip })).statusCode).toBe(200);
    const fourth = await t.request("POST", "/api/test-email", { ip });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toBe("too_many_requests");
  });
});

describe("health", () => {
  it("reports the database kind", async () => {
    const res = await t.request("GET", "/api/health");
    expect(res.json()).toEqual({ ok: true, database: expect.stringMatching(/pglite|postgres/) });
  });
});
