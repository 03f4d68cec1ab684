import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { userActions } from "../src/db/schema.ts";
import { ActivityRecorder } from "../src/activity/recorder.ts";
import { loadActor } from "../src/policy/actor.ts";
import { badRequest } from "../src/lib/errors.ts";
import { buildDonor, buildOrg, buildUser, createTestApp, registerUser, type TestApp } from "./helpers.ts";

/** A logger that keeps what it is given, by level. */
function captureLog() {
  const lines: { level: string; obj: unknown; msg?: string }[] = [];
  const at = (level: string) => (obj: unknown, msg?: string) => void lines.push({ level, obj, msg });
  const log = {
    level: "info",
    fatal: at("fatal"),
    error: at("error"),
    warn: at("warn"),
    info: at("info"),
    debug: at("debug"),
    trace: at("trace"),
    silent: () => {},
  } as unknown as FastifyBaseLogger;
  (log as unknown as { child: () => FastifyBaseLogger }).child = () => log;
  return { log, lines };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("activity recorder", () => {
  it("queues actions and writes them in a batch off the request path", async () => {
    const { userId } = await registerUser(t);
    const actor = (await loadActor(t.db, userId, "session-1"))!;
    t.app.activity.record(actor, null, { actionType: "system", actionName: "first" });
    t.app.activity.record(actor, null, { actionType: "system", actionName: "second", details: { n: 2 } });
    await t.app.activity.flush();
    const rows = await t.db.select().from(userActions).where(eq(userActions.userId, userId));
    expect(rows.map((r) => r.actionName).sort()).toEqual(["first", "second"]);
    expect(rows.find((r) => r.actionName === "second")).toMatchObject({
      details: { n: 2 },
      success: true,
      sessionId: "session-1",
    });
  });

  it("around() records success with a duration, and failure with the sentence a user would read (never raw error text)", async () => {
    const { userId } = await registerUser(t);
    const actor = (await loadActor(t.db, userId, "s"))!;
    await t.app.activity.around(actor, null, { actionType: "campaign_management", actionName: "ok" }, async () => 1);
    await expect(
      t.app.activity.around(actor, null, { actionType: "campaign_management", actionName: "boom" }, async () => {
        throw new Error("it broke");
      }),
    ).rejects.toThrow("it broke");
    await expect(
      t.app.activity.around(actor, null, { actionType: "campaign_management", actionName: "refused" }, async () => {
        throw badRequest("Campaign name is required.");
      }),
    ).rejects.toThrow("Campaign name is required.");
    await t.app.activity.flush();
    const rows = await t.db.select().from(userActions).where(eq(userActions.userId, userId));
    expect(rows.find((r) => r.actionName === "ok")).toMatchObject({ success: true, durationMs: expect.any(Number) });
    // Issue 11: an unexpected error's text (it may be SQL with donor data) is not shown in the action history.
    expect(rows.find((r) => r.actionName === "boom")).toMatchObject({
      success: false,
      errorMessage: "An unexpected error occurred.",
    });
    expect(rows.find((r) => r.actionName === "refused")).toMatchObject({
      success: false,
      errorMessage: "Campaign name is required.",
    });
  });

  it("stores text without NUL characters or unpaired surrogates, in every column and inside details", async () => {
    const { userId } = await registerUser(t);
    const actor = (await loadActor(t.db, userId, "s-nul"))!;
    const fakeRequest = { ip: "10.0.0.1", headers: { "user-agent": "agent\u0000\ud800x" } } as never;
    t.app.activity.record(actor, fakeRequest, {
      actionType: "system",
      actionName: "name\u0000",
      resourceType: "type\udc00",
      resourceId: "%00\u0000id",
      details: { "k\u0000": "v\u0000", nested: { list: ["\ud800", { deep: "a\u0000b" }] }, n: 1 },
      success: false,
      errorMessage: "broke\u0000\ud800",
    });
    await t.app.activity.flush();
    const [row] = await t.db.select().from(userActions).where(eq(userActions.userId, userId));
    expect(row).toMatchObject({
      actionName: "name",
      resourceType: "type\ufffd",
      resourceId: "%00id",
      userAgent: "agent\ufffdx",
      errorMessage: "broke\ufffd",
      details: { k: "v", nested: { list: ["\ufffd", { deep: "ab" }] }, n: 1 },
    });
  });

  it("POST /api/donors/%00/stages/preview is refused with 400, and later actions of everyone are still written", async () => {
    const org = await buildOrg(t);
    const officer = await buildUser(t, { role: "org_officer", organizationId: org.id });
    const donor = await buildDonor(t, org.id);
    const bad = await t.request("POST", "/api/donors/%00/stages/preview", {
      cookie: officer.cookie,
      body: { stage: "Discovery" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: "validation_error",
      message: "The request contains a character that is not allowed (a NUL character or an unpaired surrogate).",
    });
    // The recorder itself takes such text too (an id from a path that passed no check): it is sanitised.
    const actor = (await loadActor(t.db, officer.userId, "s"))!;
    t.app.activity.record(actor, null, {
      actionType: "ai_interaction",
      actionName: "ai_preview",
      resourceId: "\u0000",
    });
    const other = await buildUser(t, { role: "org_officer", organizationId: org.id });
    const ok = await t.request("POST", `/api/donors/${donor.id}/stages/preview`, {
      cookie: other.cookie,
      body: { stage: "Connection", prepNotes: "Met at the gala" },
    });
    expect(ok.statusCode).toBe(200);
    await t.app.activity.flush();
    const rows = await t.db
      .select()
      .from(userActions)
      .where(inArray(userActions.userId, [officer.userId, other.userId]));
    expect(rows.map((r) => [r.userId, r.actionName, r.resourceId])).toEqual(
      expect.arrayContaining([
        [officer.userId, "ai_preview", ""],
        [other.userId, "ai_preview", donor.id],
      ]),
    );
  });

  it("drops a row the database refuses for another reason (logged as an error) without holding back later rows", async () => {
    const { log, lines } = captureLog();
    const recorder = new ActivityRecorder(t.db, log, { flushIntervalMs: 60_000 });
    const { userId } = await registerUser(t);
    const actor = (await loadActor(t.db, userId, "s"))!;
    // An organisation that does not exist (deleted meanwhile): the foreign key refuses the row.
    const ghost = { ...actor, organizationId: crypto.randomUUID() };
    recorder.record(actor, null, { actionType: "system", actionName: "before" });
    recorder.record(ghost, null, { actionType: "system", actionName: "refused" });
    recorder.record(actor, null, { actionType: "system", actionName: "after" });
    await recorder.flush();
    recorder.record(actor, null, { actionType: "system", actionName: "later" });
    await recorder.flush();
    const rows = await t.db.select().from(userActions).where(eq(userActions.userId, userId));
    expect(rows.map((r) => r.actionName).sort()).toEqual(["after", "before", "later"]);
    const errors = lines.filter((l) => l.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      msg: "the database refused an activity row; dropped it",
      obj: { action: "refused" },
    });
    await recorder.close();
  });

  it("a failure to record never reaches the caller: record() does not throw and the request succeeds", async () => {
    const { log, lines } = captureLog();
    const recorder = new ActivityRecorder(t.db, log, { flushIntervalMs: 60_000 });
    const { userId } = await registerUser(t);
    const actor = (await loadActor(t.db, userId, "s"))!;
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() =>
      recorder.record(actor, null, { actionType: "system", actionName: "cyclic", details: cyclic }),
    ).not.toThrow();
    expect(() =>
      recorder.record(actor, null, {
        actionType: "system",
        actionName: "big",
        details: { n: 10n as unknown as number },
      }),
    ).not.toThrow();
    await expect(recorder.flush()).resolves.toBeUndefined();
    await recorder.close();
    expect(lines.filter((l) => l.level === "error").length).toBeLessThanOrEqual(1);
  });

  it("close() writes everything still queued", async () => {
    const { log } = captureLog();
    const recorder = new ActivityRecorder(t.db, log, { flushIntervalMs: 60_000 });
    const { userId } = await registerUser(t);
    const actor = (await loadActor(t.db, userId, "s"))!;
    for (let i = 0; i < 1200; i++) recorder.record(actor, null, { actionType: "system", actionName: `queued-${i}` });
    expect(await t.db.select().from(userActions).where(eq(userActions.userId, userId))).toHaveLength(0);
    await recorder.close();
    expect(await t.db.select().from(userActions).where(eq(userActions.userId, userId))).toHaveLength(1200);
  });

  it("the app's close (what SIGTERM and SIGINT do in main.ts) flushes the queue", async () => {
    const own = await createTestApp();
    try {
      const { userId } = await registerUser(own);
      const actor = (await loadActor(own.db, userId, "s"))!;
      own.app.activity.record(actor, null, { actionType: "system", actionName: "at-shutdown" });
      await own.app.close();
      const rows = await own.db.select().from(userActions).where(eq(userActions.userId, userId));
      expect(rows.map((r) => r.actionName)).toContain("at-shutdown");
    } finally {
      await own.close();
    }
  });
});
