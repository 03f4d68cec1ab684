// The email outbox as admins read it (docs/RULES.md, Email outbox): every message the product wrote,
// newest first, a page at a time, with its state and its text; admins only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OUTBOX_DENIED_MESSAGE, OUTBOX_NOT_FOUND_MESSAGE } from "@cultivate/shared";
import { eq } from "drizzle-orm";
import { loadConfig } from "../src/config.ts";
import { emailOutbox } from "../src/db/schema.ts";
import { PRUNE_BATCH } from "../src/services/outbox/repository.ts";
import { pruneOutbox } from "../src/services/outbox/service.ts";
import { buildUser, createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t, { role: "admin", organizationId: null });
  // Yesterday: well inside the 90 days the housekeeping keeps, whenever the test runs (ADR 073).
  const base = Date.now() - 86_400_000;
  // 52 messages, two of them at the same instant (ties go by id, so pages never overlap).
  await t.db.insert(emailOutbox).values(
    Array.from({ length: 52 }, (_, i) => ({
      to: i === 7 ? "maria.lopez@harbor.example" : `member${i}@example.org`,
      subject: i === 7 ? "Reset your Cultivate password" : `Weekly digest ${String(i).padStart(2, "0")}`,
      text:
        i === 7
          ? "Open this link to choose a new password: https://cultivate.example/reset?token=abc"
          : "Due this week.",
      kind: i === 7 ? "password_reset" : "digest",
      status: i === 3 ? ("failed" as const) : ("stored" as const),
      attempts: i === 3 ? 8 : 0,
      lastError: i === 3 ? "Connection refused" : null,
      createdAt: new Date(base + (i === 1 ? 0 : i) * 60_000),
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie = admin.cookie) => t.request("GET", url, { cookie });

describe("the email outbox", () => {
  it("lists 50 messages a page, newest first, with each one's state; pages never overlap", async () => {
    const first = await get("/api/admin/outbox");
    expect(first.statusCode).toBe(200);
    const one = first.json();
    expect(one).toMatchObject({ page: 1, pageSize: 50 });
    expect(one.total).toBeGreaterThanOrEqual(52);
    expect(one.emails).toHaveLength(50);
    const all = [...one.emails, ...(await get("/api/admin/outbox?page=2")).json().emails];
    expect(new Set(all.map((e: { id: string }) => e.id)).size).toBe(all.length);
    const times = all.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const failed = all.find((e: { subject: string }) => e.subject === "Weekly digest 03");
    expect(failed).toMatchObject({ status: "failed", attempts: 8, lastError: "Connection refused", sentAt: null });
    expect(failed).not.toHaveProperty("text");
  });

  it("finds messages by recipient or subject, in any case; % and _ are plain letters", async () => {
    const byTo = (await get("/api/admin/outbox?q=MARIA.LOPEZ")).json();
    expect(byTo.emails.map((e: { kind: string }) => e.kind)).toEqual(["password_reset"]);
    expect(byTo.total).toBe(1);
    expect((await get("/api/admin/outbox?q=reset%20your")).json().total).toBe(1);
    expect((await get("/api/admin/outbox?q=%25")).json().total).toBe(0);
    expect((await get("/api/admin/outbox?q=_")).json().total).toBe(0);
  });

  it("opens one message with its text; an unknown id is 404 with one sentence", async () => {
    const { emails } = (await get("/api/admin/outbox?q=maria")).json();
    const res = await get(`/api/admin/outbox/${emails[0].id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      to: "maria.lopez@harbor.example",
      status: "stored",
      text: "Open this link to choose a new password: https://cultivate.example/reset?token=abc",
    });
    const missing = await get(`/api/admin/outbox/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "not_found", message: OUTBOX_NOT_FOUND_MESSAGE });
    expect((await get("/api/admin/outbox/not-a-uuid")).statusCode).toBe(400);
  });

  it("is for admins only: owners 403 with one sentence, unapproved admins 403, no session 401", async () => {
    const owner = await buildUser(t, { role: "org_owner" });
    const denied = await get("/api/admin/outbox", owner.cookie);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(OUTBOX_DENIED_MESSAGE);
    const pending = await buildUser(t, { role: "admin", organizationId: null, status: "pending" });
    expect((await get("/api/admin/outbox", pending.cookie)).statusCode).toBe(403);
    expect((await t.request("GET", "/api/admin/outbox")).statusCode).toBe(401);
    for (const bad of ["0", "x", "100001"]) {
      expect((await get(`/api/admin/outbox?page=${bad}`)).statusCode).toBe(400);
    }
  });
});

describe("how long the outbox keeps mail (ADR 073)", () => {
  const DAY = 86_400_000;
  // Far ahead, so that the messages are in the future for the housekeeping that runs meanwhile.
  const now = new Date(Date.UTC(2040, 0, 1));
  const message = (subject: string, status: "sent" | "stored" | "failed" | "queued" | "sending", daysAgo: number) => ({
    to: "someone@example.org",
    subject,
    text: "…",
    kind: "digest",
    status,
    createdAt: new Date(now.getTime() - daysAgo * DAY),
  });

  it("removes finished messages past OUTBOX_KEEP_DAYS, oldest first and in batches; unsent ones stay", async () => {
    const app = await createTestApp({ outboxKeepDays: 30 });
    try {
      await app.db
        .insert(emailOutbox)
        .values([
          message("old sent", "sent", 31),
          message("old stored", "stored", 45),
          message("old failed", "failed", 400),
          message("old queued", "queued", 400),
          message("old sending", "sending", 400),
          message("recent sent", "sent", 29),
          message("recent stored", "stored", 1),
        ]);
      // The list says how long mail is kept, for the screen to tell.
      const reader = await buildUser(app, { role: "admin", organizationId: null });
      expect((await app.request("GET", "/api/admin/outbox", { cookie: reader.cookie })).json().keepDays).toBe(30);

      expect(await pruneOutbox(app.app, now)).toBe(3);
      const left = (await app.db.select({ subject: emailOutbox.subject }).from(emailOutbox)).map((r) => r.subject);
      expect(left.sort()).toEqual(["old queued", "old sending", "recent sent", "recent stored"]);
      expect(await pruneOutbox(app.app, now)).toBe(0);

      // More than a batch goes in one run, a batch per statement.
      await app.db
        .insert(emailOutbox)
        .values(Array.from({ length: PRUNE_BATCH + 5 }, (_, i) => message(`bulk ${i}`, "sent", 31 + i)));
      expect(await pruneOutbox(app.app, now)).toBe(PRUNE_BATCH + 5);
      // Oldest first.
      await app.db.insert(emailOutbox).values([60, 90, 75].map((d) => message(`${d} days`, "stored", d)));
      expect(await app.app.repos.outbox.prune(new Date(now.getTime() - 30 * DAY), 2)).toBe(2);
      const kept = await app.db.select().from(emailOutbox).where(eq(emailOutbox.status, "stored"));
      expect(kept.map((r) => r.subject).sort()).toEqual(["60 days", "recent stored"]);
    } finally {
      await app.close();
    }
  });

  it("keeps every message when OUTBOX_KEEP_DAYS is 0", async () => {
    const app = await createTestApp({ outboxKeepDays: null });
    try {
      await app.db.insert(emailOutbox).values([message("ancient", "sent", 5_000)]);
      expect(await pruneOutbox(app.app, now)).toBe(0);
      expect(await app.db.select().from(emailOutbox)).toHaveLength(1);
      const reader = await buildUser(app, { role: "admin", organizationId: null });
      expect((await app.request("GET", "/api/admin/outbox", { cookie: reader.cookie })).json().keepDays).toBeNull();
    } finally {
      await app.close();
    }
  });

  it("reads OUTBOX_KEEP_DAYS: 90 by default, 0 for good, and refuses what is not a whole number of days", () => {
    expect(loadConfig({}).outboxKeepDays).toBe(90);
    expect(loadConfig({ OUTBOX_KEEP_DAYS: "30" }).outboxKeepDays).toBe(30);
    expect(loadConfig({ OUTBOX_KEEP_DAYS: "0" }).outboxKeepDays).toBeNull();
    for (const bad of ["-1", "1.5", "x", "36501"])
      expect(() => loadConfig({ OUTBOX_KEEP_DAYS: bad }), bad).toThrow(/OUTBOX_KEEP_DAYS/);
  });
});
