import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { rowsOf } from "../src/db/rows.ts";
import { organizations, userActions } from "../src/db/schema.ts";
import { buildUser, createTestApp, type TestApp } from "./helpers.ts";

// Action History's counts by day (ADR 068, migration 0029): whatever is written, updated or deleted, the
// day table matches the actions, and every count and summary equals what reading the actions gives.

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
const orgs: string[] = [];
const TYPES = ["navigation", "donor_management", "system"] as const;
const NAMES = {
  navigation: ["page_view"],
  donor_management: ["export_donors", "save_donor_notes"],
  system: ["user_create"],
};
const RESOURCES = ["page", "donor", null] as const;
const START = Date.parse("2026-03-01T00:00:00Z");
const HOUR = 3_600_000;

/** A repeatable stream of numbers in [0, 1). */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

async function addActions(n: number, seed: number) {
  const r = random(seed);
  const rows = Array.from({ length: n }, () => {
    const type = TYPES[Math.floor(r() * TYPES.length)]!;
    const names = NAMES[type];
    return {
      userId: admin.userId,
      organizationId: r() < 0.15 ? null : orgs[Math.floor(r() * orgs.length)]!,
      actionType: type,
      actionName: names[Math.floor(r() * names.length)]!,
      resourceType: RESOURCES[Math.floor(r() * RESOURCES.length)]!,
      // Ten days and a bit, at any minute (and second), so ranges cut days anywhere.
      timestamp: new Date(START + Math.floor(r() * 250 * HOUR) + Math.floor(r() * 60_000)),
      durationMs: r() < 0.3 ? null : Math.floor(r() * 5000),
      success: r() > 0.1,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(userActions).values(rows.slice(i, i + 500));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await buildUser(t, { role: "admin", organizationId: null });
  for (const name of ["Days One", "Days Two", "Days Three"])
    orgs.push((await t.db.insert(organizations).values({ name }).returning())[0]!.id);
  await addActions(1500, 7);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The day table, rows with nothing left in them aside, in one order. */
async function dayTable() {
  const rows = await t.db.execute(sql`
    SELECT day::text, organization_id, action_type, action_name, resource_type, success,
           actions::text, duration_sum::text, durations::text
    FROM user_action_days WHERE actions <> 0 OR duration_sum <> 0 OR durations <> 0
    ORDER BY 1, 2 NULLS FIRST, 3, 4, 5 NULLS FIRST, 6`);
  return rowsOf(rows);
}
/** The same, counted from the actions themselves. */
async function countedFromActions() {
  const rows = await t.db.execute(sql`
    SELECT ("timestamp" AT TIME ZONE 'UTC')::date::text AS day, organization_id, action_type, action_name,
           resource_type, success, count(*)::text AS actions,
           coalesce(sum(duration_ms), 0)::text AS duration_sum, count(duration_ms)::text AS durations
    FROM user_actions WHERE user_id = ${admin.userId}
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2 NULLS FIRST, 3, 4, 5 NULLS FIRST, 6`);
  return rowsOf(rows);
}

type Query = Record<string, string>;
/** What the history answers for a query: the page's total and the summary. */
async function answered(q: Query) {
  const qs = new URLSearchParams(q).toString();
  const list = await t.request("GET", `/api/actions?${qs}&limit=1`, { cookie: admin.cookie });
  const summary = await t.request("GET", `/api/actions/summary?${qs}`, { cookie: admin.cookie });
  expect(list.statusCode, list.body).toBe(200);
  expect(summary.statusCode, summary.body).toBe(200);
  return { total: list.json().total as number, summary: summary.json() };
}
/** What reading every matching action gives (the summary as it was computed before ADR 068). */
async function fromActions(q: Query) {
  const conds = [sql`true`];
  if (q.organizationId) conds.push(sql`organization_id = ${q.organizationId}`);
  if (q.actionType) conds.push(sql`action_type = ${q.actionType}`);
  if (q.actionName) conds.push(sql`action_name = ${q.actionName}`);
  if (q.resourceType) conds.push(sql`resource_type = ${q.resourceType}`);
  if (q.userId) conds.push(sql`user_id = ${q.userId}`);
  if (q.success) conds.push(sql`success = ${q.success === "true"}`);
  if (q.from) conds.push(sql`"timestamp" >= ${q.from}::timestamptz`);
  if (q.to) conds.push(sql`"timestamp" <= ${q.to}::timestamptz`);
  const filter = sql.join(conds, sql` AND `);
  const [row] = rowsOf<{ total: string; ok: string; avg: string | null }>(
    await t.db.execute(
      sql`SELECT count(*)::text AS total, count(*) FILTER (WHERE success)::text AS ok, avg(duration_ms)::text AS avg FROM user_actions WHERE ${filter}`,
    ),
  );
  const types = rowsOf<{ action_type: string; n: number }>(
    await t.db.execute(
      sql`SELECT action_type, count(*)::int AS n FROM user_actions WHERE ${filter} GROUP BY 1 ORDER BY 2 DESC, 1`,
    ),
  );
  const total = Number(row!.total);
  return {
    total,
    summary: {
      total,
      successCount: Number(row!.ok),
      successRate: total ? Math.round((Number(row!.ok) / total) * 1000) / 10 : null,
      byType: types.map((x) => ({ actionType: x.action_type, count: Number(x.n) })),
      averageDurationMs: row!.avg === null ? null : Math.round(Number(row!.avg)),
    },
  };
}

/** Queries of every shape: each filter or none, ranges cutting days anywhere, inside one day, reversed. */
function queries(seed: number, n: number): Query[] {
  const r = random(seed);
  const at = (ms: number) => new Date(ms).toISOString();
  const fixed: Query[] = [
    {},
    { from: at(START) },
    { to: at(START + 5 * 24 * HOUR) },
    { from: at(START + 24 * HOUR), to: at(START + 3 * 24 * HOUR) },
    { from: at(START + 30 * 60_000), to: at(START + 3 * HOUR) },
    { from: at(START + 3 * 24 * HOUR), to: at(START + 24 * HOUR) },
    { from: at(START + 2 * 24 * HOUR - 1), to: at(START + 4 * 24 * HOUR + 1) },
    { userId: admin.userId, from: at(START + 36 * HOUR) },
  ];
  const random_: Query[] = Array.from({ length: n }, () => {
    const q: Query = {};
    if (r() < 0.4) q.organizationId = orgs[Math.floor(r() * orgs.length)]!;
    if (r() < 0.3) q.actionType = TYPES[Math.floor(r() * TYPES.length)]!;
    if (r() < 0.2) q.actionName = "export_donors";
    if (r() < 0.2) q.resourceType = r() < 0.5 ? "page" : "donor";
    if (r() < 0.3) q.success = r() < 0.5 ? "true" : "false";
    if (r() < 0.6) q.from = at(START + Math.floor(r() * 260 * HOUR) + Math.floor(r() * 60_000));
    if (r() < 0.6) q.to = at(START + Math.floor(r() * 260 * HOUR) + Math.floor(r() * 60_000));
    return q;
  });
  return [...fixed, ...random_];
}

async function expectAllAgree(seed: number, n: number) {
  expect(await dayTable()).toEqual(await countedFromActions());
  for (const q of queries(seed, n)) expect(await answered(q), JSON.stringify(q)).toEqual(await fromActions(q));
}

describe("Action History's counts by day (ADR 068)", () => {
  it("count and summarise exactly as reading the actions does, for filters and ranges of every shape", async () => {
    await expectAllAgree(11, 40);
  }, 120_000);

  it("refuse with one sentence, never a 500, a range whose UTC end falls past the year 9999", async () => {
    // The schema takes any four-digit year with an offset; the database holds no day after 9999-12-31.
    for (const url of ["/api/actions", "/api/actions/summary"]) {
      const res = await t.request("GET", `${url}?to=${encodeURIComponent("9999-12-31T23:59:59-12:00")}`, {
        cookie: admin.cookie,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe("A value in the request is out of range or not valid.");
    }
  });

  it("follow updates: durations arriving, an organisation deleted, actions moved and deleted", async () => {
    // A page view's duration arrives (the beacon), and a duration is taken away.
    const views = await t.db
      .select({ id: userActions.id })
      .from(userActions)
      .where(eq(userActions.actionName, "page_view"))
      .limit(60);
    for (const [i, v] of views.entries())
      await t.db
        .update(userActions)
        .set({ durationMs: i % 3 ? 1234 + i : null })
        .where(eq(userActions.id, v.id));
    // Updates that change nothing counted (the details) leave the day table as it is.
    await t.db
      .update(userActions)
      .set({ details: { touched: true } })
      .where(
        inArray(
          userActions.id,
          views.map((v) => v.id),
        ),
      );
    // An organisation deleted: its actions stay, without an organisation (ON DELETE SET NULL).
    await t.db.delete(organizations).where(eq(organizations.id, orgs[2]!));
    const deleted = orgs.pop()!; // later actions go to the others; queries still name it
    // Actions moved to another day and type in one statement, and some deleted.
    await t.db
      .execute(sql`UPDATE user_actions SET "timestamp" = "timestamp" + interval '30 hours', action_type = 'system'
      WHERE user_id = ${admin.userId} AND action_name = 'save_donor_notes' AND duration_ms < 1000`);
    await t.db.execute(sql`DELETE FROM user_actions WHERE user_id = ${admin.userId} AND duration_ms > 4000`);
    // And more written after all that, a few at a time.
    await addActions(300, 99);
    orgs.push(deleted);
    await expectAllAgree(23, 25);
  }, 120_000);
});
