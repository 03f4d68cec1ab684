import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { emailOutbox } from "../src/db/schema.ts";
import { createTestApp, openSharedTestDatabase, type TestApp } from "./helpers.ts";
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

// Several app servers on one database (ADR 040): every message is claimed by one of them.
describe("two mail loops on one database", () => {
  let shared: Awaited<ReturnType<typeof openSharedTestDatabase>>;
  let first: TestApp;
  let second: TestApp;
  let box: SmtpTestServer;
  beforeAll(async () => {
    box = await startSmtpTestServer();
    shared = await openSharedTestDatabase();
    first = await createTestApp({ smtpUrl: box.url }, { database: await shared.connect() });
    second = await createTestApp({ smtpUrl: box.url }, { database: await shared.connect() });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await shared?.close();
    await box?.close();
  });

  const queue = (count: number, tag: string, status: "queued" | "sending" = "queued", nextAttemptAt = new Date()) =>
    first.db
      .insert(emailOutbox)
      .values(
        Array.from({ length: count }, (_, i) => ({
          to: `${tag}-${i}@example.org`,
          subject: `${tag} ${i}`,
          text: "Body",
          kind: "test",
          status,
          nextAttemptAt,
        })),
      )
      .returning({ id: emailOutbox.id });
  const received = (tag: string) => box.messages.filter((m) => m.subject.startsWith(`${tag} `));

  it("sends each of 60 due messages exactly once while both loops and extra passes run", async () => {
    await queue(60, "once");
    // Both loops run every 50 ms; four more passes on each server at once on top.
    const passes = await Promise.all([
      ...Array.from({ length: 4 }, () => first.app.mailer.drain(10)),
      ...Array.from({ length: 4 }, () => second.app.mailer.drain(10)),
    ]);
    expect(passes.every((n) => n >= 0)).toBe(true);
    await expect
      .poll(async () => (await first.db.select().from(emailOutbox)).filter((r) => r.subject.startsWith("once ")), {
        timeout: 20_000,
      })
      .toSatisfy((rows: { status: string }[]) => rows.length === 60 && rows.every((r) => r.status === "sent"));
    const subjects = received("once").map((m) => m.subject);
    expect(subjects).toHaveLength(60);
    expect(new Set(subjects).size).toBe(60);
    const rows = (await first.db.select().from(emailOutbox)).filter((r) => r.subject.startsWith("once "));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it("leaves a message another server is sending alone, and sends it once that server's claim has ended", async () => {
    const [held] = await queue(1, "held", "sending", new Date(Date.now() + 60_000));
    await Promise.all([first.app.mailer.drain(), second.app.mailer.drain()]);
    await new Promise((r) => setTimeout(r, 300));
    expect(received("held")).toHaveLength(0);
    // The other server died: its claim runs out, and one of these sends the message.
    await first.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, held!.id));
    await box.waitFor((m) => m.subject === "held 0");
    await expect
      .poll(async () => (await first.db.select().from(emailOutbox).where(eq(emailOutbox.id, held!.id)))[0]?.status)
      .toBe("sent");
    await new Promise((r) => setTimeout(r, 300));
    expect(received("held")).toHaveLength(1);
  });

  it("keeps a message whose delivery failed and sends it once on a later pass", async () => {
    box.failNextDeliveries(1);
    const [row] = await queue(1, "failing");
    await expect
      .poll(async () => (await first.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id)))[0])
      .toMatchObject({ status: "queued", attempts: 1 });
    await first.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, row!.id));
    await box.waitFor((m) => m.subject === "failing 0");
    await expect
      .poll(async () => (await first.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id)))[0])
      .toMatchObject({ status: "sent", attempts: 2 });
    expect(received("failing")).toHaveLength(1);
  });
});
