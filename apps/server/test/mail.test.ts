import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { emailOutbox } from "../src/db/schema.ts";
import { createTestApp, type TestApp } from "./helpers.ts";
import { startSmtpTestServer, type SmtpTestServer } from "./smtp-test-server.ts";

let smtp: SmtpTestServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("email over SMTP", () => {
  it("delivers through SMTP_URL and records it as sent", async () => {
    const result = await t.app.mailer.send({ to: "someone@example.org", subject: "Hello", text: "Body", kind: "test" });
    expect(result).toMatchObject({ delivered: true, status: "sent" });
    const mail = await smtp.waitFor((m) => m.to.includes("someone@example.org"));
    expect(mail.subject).toBe("Hello");
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps a message that failed and retries it with back-off until it goes through", async () => {
    smtp.failNextDeliveries(1);
    const result = await t.app.mailer.send({
      to: "retry@example.org",
      subject: "Retry me",
      text: "Body",
      kind: "test",
    });
    expect(result.delivered).toBe(false);
    expect(result.error).toMatch(/451|unavailable/i);
    const [queued] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id));
    expect(queued).toMatchObject({ status: "queued", attempts: 1 });
    expect(queued!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Bring the retry forward instead of waiting 30 s; the background loop picks it up.
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, result.id));
    await smtp.waitFor((m) => m.to.includes("retry@example.org"));
    await expect
      .poll(async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id)))[0]?.status)
      .toBe("sent");
  });

  it("the Test Email button reports a failed delivery with 502 and keeps the message queued", async () => {
    smtp.failNextDeliveries(1);
    const res = await t.request("POST", "/api/test-email");
    expect(res.statusCode).toBe(502);
    const rows = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "test"));
    expect(rows.some((r) => r.to === "support@cultivate.test" && r.status === "queued")).toBe(true);
  });
});

describe("email without SMTP", () => {
  it("stores every message in the outbox", async () => {
    const plain = await createTestApp();
    try {
      const result = await plain.app.mailer.send({ to: "a@example.org", subject: "S", text: "T", kind: "test" });
      expect(result).toMatchObject({ delivered: false, status: "stored" });
      const [row] = await plain.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id));
      expect(row).toMatchObject({ to: "a@example.org", subject: "S", text: "T", status: "stored" });
    } finally {
      await plain.close();
    }
  });
});
