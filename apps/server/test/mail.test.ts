import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { emailOutbox } from "../src/db/schema.ts";
import { MAIL_QUEUE, SEND_CLAIM_MS } from "../src/mail/mailer.ts";
import { HOUSEKEEPING_QUEUE } from "../src/jobs/queue.ts";
import { createTestApp, openSharedTestDatabase, type TestApp } from "./helpers.ts";
import { startSmtpTestServer, type SmtpTestServer } from "./smtp-test-server.ts";

/** Rows of a raw query (node-postgres and PGlite both answer with `rows`). */
const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as { rows: T[] }).rows;

/** The queue's jobs for one message (pg-boss's table: the queue is pinned to pg-boss 10, ADR 042). */
async function mailJobs(t: TestApp, id: string) {
  return rowsOf<{ id: string; state: string; start_after: Date | string }>(
    t.db.execute(
      sql`SELECT id, state, start_after FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data->>'id' = ${id} ORDER BY start_after`,
    ),
  );
}

/** Brings a message's waiting jobs forward to now, as if their time had come. */
async function runMailJobsNow(t: TestApp, id: string) {
  await t.db.execute(
    sql`UPDATE pgboss.job SET start_after = now() WHERE name = ${MAIL_QUEUE} AND data->>'id' = ${id} AND state IN ('created', 'retry')`,
  );
}

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
    // The retry is a job of the queue, due when the message is; the other is the message's safety net,
    // due when the first attempt's claim ends.
    const jobs = await mailJobs(t, result.id);
    expect(jobs.map((j) => j.state)).toEqual(["created", "created"]);
    expect(Math.abs(new Date(jobs[0]!.start_after).getTime() - queued!.nextAttemptAt!.getTime())).toBeLessThan(2000);
    expect(new Date(jobs[1]!.start_after).getTime()).toBeGreaterThan(Date.now() + SEND_CLAIM_MS - 60_000);

    // Bring the retry forward instead of waiting 30 s; a worker of the queue sends it.
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, result.id));
    await runMailJobsNow(t, result.id);
    await smtp.waitFor((m) => m.to.includes("retry@example.org"));
    await expect
      .poll(async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id)))[0]?.status, {
        timeout: 15_000,
      })
      .toBe("sent");
    // Both jobs ran; the message went once.
    await expect
      .poll(async () => (await mailJobs(t, result.id)).map((j) => j.state), { timeout: 15_000 })
      .toEqual(["completed", "completed"]);
    expect(smtp.messages.filter((m) => m.to.includes("retry@example.org"))).toHaveLength(1);
  });

  it("sends the outbox's due messages and sweeps ended limit windows on a recurring job", async () => {
    const rows = await rowsOf(t.db.execute(sql`SELECT name, cron FROM pgboss.schedule ORDER BY name`));
    expect(rows).toEqual([{ name: HOUSEKEEPING_QUEUE, cron: "* * * * *" }]);
    // A due message with no job of its own (its server died between the row and the job) and an ended
    // rate-limit window: the scheduler's job sends the one and deletes the other. Sent here by hand
    // rather than waiting for the minute.
    const [orphan] = await t.db
      .insert(emailOutbox)
      .values({
        to: "orphan@example.org",
        subject: "Orphan",
        text: "Body",
        kind: "test",
        status: "queued",
        nextAttemptAt: new Date(),
      })
      .returning({ id: emailOutbox.id });
    await t.db.execute(
      sql`INSERT INTO rate_limit_windows (key, count, reset_at) VALUES ('housekeeping-test', 1, now() - interval '1 hour')`,
    );
    await t.app.jobs.send(HOUSEKEEPING_QUEUE, {});
    await smtp.waitFor((m) => m.to.includes("orphan@example.org"));
    await expect
      .poll(async () => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, orphan!.id)))[0]?.status)
      .toBe("sent");
    await expect
      .poll(
        async () =>
          (await rowsOf(t.db.execute(sql`SELECT 1 FROM rate_limit_windows WHERE key = 'housekeeping-test'`))).length,
      )
      .toBe(0);
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

  it("sends each of 60 due messages exactly once while both servers sweep at once", async () => {
    await queue(60, "once");
    // Four passes on each server at once, as if the sweep job ran everywhere together.
    const passes = await Promise.all([
      ...Array.from({ length: 4 }, () => first.app.mailer.drain(10)),
      ...Array.from({ length: 4 }, () => second.app.mailer.drain(10)),
    ]);
    expect(passes.every((n) => n >= 0)).toBe(true);
    await expect
      .poll(
        async () => {
          // Rows a pass skipped while another held them are left for the next sweep: run it here.
          await Promise.all([first.app.mailer.drain(), second.app.mailer.drain()]);
          return (await first.db.select().from(emailOutbox)).filter((r) => r.subject.startsWith("once "));
        },
        {
          timeout: 20_000,
        },
      )
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
    await Promise.all([first.app.mailer.drain(), second.app.mailer.drain()]);
    await box.waitFor((m) => m.subject === "held 0");
    await expect
      .poll(async () => (await first.db.select().from(emailOutbox).where(eq(emailOutbox.id, held!.id)))[0]?.status)
      .toBe("sent");
    await new Promise((r) => setTimeout(r, 300));
    expect(received("held")).toHaveLength(1);
  });

  it("sends a message once when the server sending it died, after its claim has ended", async () => {
    // What send() leaves behind when its server dies mid-delivery: the row held, its safety-net job.
    const [held] = await queue(1, "orphan", "sending", new Date(Date.now() - 1000));
    await first.app.jobs.send(MAIL_QUEUE, { id: held!.id });
    await box.waitFor((m) => m.subject === "orphan 0");
    await expect
      .poll(async () => (await first.db.select().from(emailOutbox).where(eq(emailOutbox.id, held!.id)))[0]?.status)
      .toBe("sent");
    // A second job for it (the sweep's, another server's) finds it sent.
    await second.app.jobs.send(MAIL_QUEUE, { id: held!.id });
    await expect
      .poll(async () => (await mailJobs(second, held!.id)).every((j) => j.state === "completed"), { timeout: 15_000 })
      .toBe(true);
    expect(received("orphan")).toHaveLength(1);
  });

  it("keeps a message whose delivery failed and sends it once on a later pass", async () => {
    box.failNextDeliveries(1);
    const [row] = await queue(1, "failing");
    await Promise.all([first.app.mailer.drain(), second.app.mailer.drain()]);
    await expect
      .poll(async () => (await first.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id)))[0])
      .toMatchObject({ status: "queued", attempts: 1 });
    await first.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, row!.id));
    await Promise.all([first.app.mailer.drain(), second.app.mailer.drain()]);
    await box.waitFor((m) => m.subject === "failing 0");
    await expect
      .poll(async () => (await first.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id)))[0])
      .toMatchObject({ status: "sent", attempts: 2 });
    expect(received("failing")).toHaveLength(1);
  });
});
