// Issue 15, The officer's day (docs/RULES.md, The officer's day): the three lists of /today, who may see
// whose, the organisation's "no contact after N days", and the weekly digest email.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { addDays, TODAY_MESSAGES } from "@cultivate/shared";
import { digestSubscriptions, donors, emailOutbox, stages, userActions, users } from "../src/db/schema.ts";
import { seedDemo } from "../src/demo/seed.ts";
import { listsFor } from "../src/services/today/service.ts";
import { todayIso } from "../src/services/next-steps/service.ts";
import { digestSlot, sendDueDigests } from "../src/services/today/digest.ts";
import { buildDonor, buildUser, createTestApp, type TestApp } from "./helpers.ts";
import { twoOrganizations, type OrganizationPeople } from "./fixtures.ts";
import { startSmtpTestServer, type SmtpTestServer } from "./smtp-test-server.ts";

let smtp: SmtpTestServer;
let t: TestApp;
let a: OrganizationPeople;
let b: OrganizationPeople;
const today = todayIso();
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const ids: Record<string, string> = {};

const get = (cookie: string | undefined, query = "") => t.request("GET", `/api/today${query}`, { cookie });
const idsOf = (list: { items: { id: string }[] }) => list.items.map((d) => d.id);

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({ smtpUrl: smtp.url });
  ({ a, b } = await twoOrganizations(t, { names: ["Today A", "Today B"], records: false }));
  const officer = a.officer.userId;
  const donor = async (key: string, values: Partial<typeof donors.$inferInsert>) => {
    ids[key] = (await buildDonor(t, a.org.id, { firstName: key, relationshipManagerId: officer, ...values })).id;
  };
  // No contact: never (with the highest capacity, no stage), 100 days ago, 10 days ago.
  await donor("never", { estimatedCapacity: 900000 });
  await donor("old", { lastContactDate: addDays(today, -100), estimatedCapacity: 100 });
  await donor("recent", { lastContactDate: addDays(today, -10) });
  // Connection (Discovery done) for 10, 30 and 50 days: the median is 30; "slow" is the officer's and late.
  for (const [key, days, mine] of [
    ["fast", 10, false],
    ["usual", 30, false],
    ["slow", 50, true],
  ] as const) {
    await donor(key, {
      lastContactDate: today,
      relationshipManagerId: mine ? officer : a.manager.userId,
      estimatedCapacity: 5000000,
    });
    await t.db
      .insert(stages)
      .values({ donorId: ids[key]!, organizationId: a.org.id, stageName: "Discovery", createdAt: ago(days) });
  }
  // Not started: capacity and no stage record; a colleague's; one without capacity.
  await donor("big", { lastContactDate: today, estimatedCapacity: 2000000 });
  await donor("small", { lastContactDate: today, estimatedCapacity: 10000 });
  await donor("unknown", { lastContactDate: today });
  await donor("colleagues", {
    lastContactDate: today,
    estimatedCapacity: 3000000,
    relationshipManagerId: a.manager.userId,
  });
  ids.foreign = (
    await buildDonor(t, b.org.id, {
      firstName: "foreign",
      relationshipManagerId: b.officer.userId,
      estimatedCapacity: 7,
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe("GET /api/today", () => {
  it("lists my donors without contact for 90 days (never first), longer in stage than usual, and not yet started", async () => {
    const res = await get(a.officer.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.noContact).toMatchObject({ days: 90, total: 2 });
    expect(idsOf(body.noContact)).toEqual([ids.never, ids.old]);
    expect(body.noContact.items[0]).toMatchObject({ name: expect.stringMatching(/^never /), daysSinceContact: null });
    expect(body.noContact.items[1]).toMatchObject({ lastContactDate: addDays(today, -100), daysSinceContact: 100 });
    expect(body.noContact.items[1].relationshipManager).toMatchObject({ id: a.officer.userId });
    expect(idsOf(body.longInStage)).toEqual([ids.slow]);
    expect(body.longInStage.items[0]).toMatchObject({ stage: "Connection", medianDays: 30 });
    expect(body.longInStage.items[0].daysInStage).toBeGreaterThanOrEqual(49.9);
    // Highest capacity first; only donors with a capacity and no stage record; only mine.
    expect(idsOf(body.notStarted)).toEqual([ids.big, ids.never, ids.small, ids.old]);
    expect(body.notStarted.total).toBe(4);
    expect(body.notStarted.items[1].estimatedCapacity).toBe(900000);
  });

  it("owners and managers see a colleague's or everyone's; officers only their own (403)", async () => {
    const all = (await get(a.manager.cookie, "?owner=all")).json();
    expect(idsOf(all.notStarted)).toContain(ids.colleagues);
    expect(idsOf(all.notStarted)).not.toContain(ids.foreign);
    const officers = (await get(a.owner.cookie, `?owner=${a.officer.userId}`)).json();
    expect(idsOf(officers.longInStage)).toEqual([ids.slow]);
    const mine = (await get(a.manager.cookie)).json();
    expect(idsOf(mine.notStarted)).toEqual([ids.colleagues]);
    for (const owner of ["all", a.manager.userId]) {
      const res = await get(a.officer.cookie, `?owner=${owner}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(TODAY_MESSAGES.forbiddenOthers);
    }
    expect((await get(a.officer.cookie, `?owner=${a.officer.userId}`)).statusCode).toBe(200);
  });

  it("keeps to the organisation: another's is 404 except for admins; a colleague elsewhere has nothing here", async () => {
    expect((await get(a.owner.cookie, `?organizationId=${b.org.id}`)).statusCode).toBe(404);
    const foreignManager = (await get(a.owner.cookie, `?owner=${b.officer.userId}`)).json();
    expect(foreignManager.noContact.total + foreignManager.notStarted.total + foreignManager.longInStage.total).toBe(0);
    const admin = await get(a.admin.cookie, `?organizationId=${b.org.id}&owner=all`);
    expect(admin.statusCode).toBe(200);
    expect(idsOf(admin.json().notStarted)).toEqual([ids.foreign]);
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await get(a.applicant.cookie)).statusCode).toBe(403);
  });
});

describe("no contact after N days", () => {
  const put = (cookie: string | undefined, body: unknown) =>
    t.request("PUT", "/api/organization/settings", { cookie, body });

  it("owners set it (in the history), managers read it, officers neither", async () => {
    expect((await t.request("GET", "/api/organization/settings", { cookie: a.manager.cookie })).json()).toEqual({
      organizationId: a.org.id,
      noContactDays: 90,
    });
    expect((await t.request("GET", "/api/organization/settings", { cookie: a.officer.cookie })).statusCode).toBe(403);
    const refused = await put(a.manager.cookie, { noContactDays: 60 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TODAY_MESSAGES.settingsForbidden);
    expect((await put(a.officer.cookie, { noContactDays: 60 })).statusCode).toBe(403);

    const res = await put(a.owner.cookie, { noContactDays: 120 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: { organizationId: a.org.id, noContactDays: 120 },
      message: TODAY_MESSAGES.settingsSaved(120),
    });
    // The list follows: 100 days ago is no longer "no contact".
    const list = (await get(a.officer.cookie)).json();
    expect(list.noContact).toMatchObject({ days: 120, total: 1 });
    expect(idsOf(list.noContact)).toEqual([ids.never]);
    await expect
      .poll(async () =>
        (await t.db.select().from(userActions).where(eq(userActions.actionName, "organization_settings_update"))).map(
          (r) => [r.organizationId, r.success],
        ),
      )
      .toContainEqual([a.org.id, true]);
    // B's setting is B's own.
    expect((await get(b.officer.cookie)).json().noContact.days).toBe(90);
  });

  it.each([[6], [731], [30.5], ["30"], [null]])("refuses %s days", async (n) => {
    const res = await put(a.owner.cookie, { noContactDays: n });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TODAY_MESSAGES.noContactDaysInvalid);
  });
});

describe("weekly digest", () => {
  const digest = (method: "GET" | "PUT" | "DELETE", cookie: string | undefined, body?: unknown) =>
    t.request(method, "/api/account/digest", { cookie, body });
  /** A subscription due now: this hour of this weekday in the zone, made a week ago. */
  const dueNow = (timeZone: string, now = new Date()) => {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "2-digit", hourCycle: "h23" })
      .formatToParts(now)
      .reduce<Record<string, string>>((o, p) => ({ ...o, [p.type]: p.value }), {});
    return {
      weekday: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday!),
      hour: Number(parts.hour),
      timeZone,
    };
  };
  const digestsTo = (email: string) =>
    smtp.messages.filter((m) => m.to.includes(email) && /week in Cultivate/.test(m.subject));

  it("opts in and out, with a day, hour and time zone", async () => {
    expect((await digest("GET", a.manager.cookie)).json()).toMatchObject({ enabled: false, weekday: 1, hour: 8 });
    const on = await digest("PUT", a.manager.cookie, { weekday: 3, hour: 7, timeZone: "Europe/London" });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      digest: { enabled: true, weekday: 3, hour: 7, timeZone: "Europe/London", lastSentAt: null },
      message: TODAY_MESSAGES.digestSaved,
    });
    expect((await digest("GET", a.manager.cookie)).json().enabled).toBe(true);
    const off = await digest("DELETE", a.manager.cookie);
    expect(off.json().message).toBe(TODAY_MESSAGES.digestRemoved);
    expect((await digest("GET", a.manager.cookie)).json().enabled).toBe(false);
    expect((await digest("GET", undefined)).statusCode).toBe(401);
    expect((await digest("PUT", a.applicant.cookie, { weekday: 1, hour: 8, timeZone: "UTC" })).statusCode).toBe(403);
  });

  it.each([
    [{ weekday: 7, hour: 8, timeZone: "UTC" }, TODAY_MESSAGES.weekdayInvalid],
    [{ weekday: 1, hour: 24, timeZone: "UTC" }, TODAY_MESSAGES.hourInvalid],
    [{ weekday: 1, hour: 8, timeZone: "Mars/Olympus" }, TODAY_MESSAGES.timeZoneInvalid],
    [{ weekday: 1, hour: 8 }, TODAY_MESSAGES.timeZoneInvalid],
  ])("refuses %o", async (body, message) => {
    const res = await digest("PUT", a.officer.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("finds the latest weekly slot in the user's time zone", () => {
    // Wednesday 2026-11-25 15:30 UTC is 10:30 in New York (EST, UTC-5).
    const now = new Date("2026-11-25T15:30:00Z");
    expect(digestSlot(now, { weekday: 3, hour: 10, timeZone: "America/New_York" }).toISOString()).toBe(
      "2026-11-25T15:00:00.000Z",
    );
    expect(digestSlot(now, { weekday: 3, hour: 11, timeZone: "America/New_York" }).toISOString()).toBe(
      "2026-11-18T16:00:00.000Z",
    );
    expect(digestSlot(now, { weekday: 1, hour: 8, timeZone: "Asia/Tokyo" }).toISOString()).toBe(
      "2026-11-22T23:00:00.000Z",
    );
    // The hour itself, whatever fraction of a second `now` has.
    expect(
      digestSlot(new Date("2026-11-27T01:00:00.700Z"), { weekday: 5, hour: 1, timeZone: "UTC" }).toISOString(),
    ).toBe("2026-11-27T01:00:00.000Z");
    expect(
      digestSlot(new Date("2026-11-27T01:30:59.999Z"), {
        weekday: 4,
        hour: 20,
        timeZone: "America/New_York",
      }).toISOString(),
    ).toBe("2026-11-27T01:00:00.000Z");
  });

  it("sends a digest claimed in its slot's first second only once", async () => {
    // The schedule runs on the minute, so a claim often lands in the slot's first second; a later run
    // with a larger fraction of a second once saw a later slot and sent the digest again.
    const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const at = new Date(hourStart);
    await t.db.insert(digestSubscriptions).values({
      userId: a.owner.userId,
      weekday: at.getUTCDay(),
      hour: at.getUTCHours(),
      timeZone: "UTC",
      createdAt: ago(8),
    });
    try {
      const first = await sendDueDigests(t.app, new Date(hourStart + 200));
      // (The minute's housekeeping job may have claimed it first; either way one digest, never two.)
      expect(first).toBeLessThanOrEqual(1);
      expect(await sendDueDigests(t.app, new Date(hourStart + 60_700))).toBe(0);
      expect(await sendDueDigests(t.app, new Date(hourStart + 120_999))).toBe(0);
      const outbox = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "weekly_digest"));
      expect(outbox.filter((r) => r.to === a.owner.email)).toHaveLength(1);
    } finally {
      // Not due for the tests after this one, whatever happened here.
      await t.db.delete(digestSubscriptions).where(eq(digestSubscriptions.userId, a.owner.userId));
    }
  });

  it("sends a due digest once, even when two servers run the schedule at once", async () => {
    const res = await digest("PUT", a.officer.cookie, dueNow("America/New_York"));
    expect(res.statusCode).toBe(200);
    await t.db
      .update(digestSubscriptions)
      .set({ createdAt: ago(8) })
      .where(eq(digestSubscriptions.userId, a.officer.userId));
    const now = new Date();
    const runs = await Promise.all([sendDueDigests(t.app, now), sendDueDigests(t.app, now)]);
    // (The minute's housekeeping job may have got there first: then neither run sends; never both.)
    expect(runs.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(1);
    const mail = await smtp.waitFor((m) => m.to.includes(a.officer.email) && /week in Cultivate/.test(m.subject));
    expect(mail.text).toContain("http://localhost:3000/today");
    expect(mail.text).toContain(`/donor/${ids.never}/dashboard`);
    expect(mail.text).toContain("No contact for 120 days (1)");
    expect(mail.text).toContain("Longer in stage than usual (1)");
    // Capacity as money is shown everywhere (docs/RULES.md, Display formats).
    expect(mail.text).toMatch(/big[^\n]*: capacity \$2,000,000\b/);
    expect(mail.html).toContain(`href="http://localhost:3000/donor/${ids.slow}/dashboard"`);
    // A later run in the same slot sends nothing more.
    expect(await sendDueDigests(t.app, new Date(now.getTime() + 60_000))).toBe(0);
    const outbox = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "weekly_digest"));
    expect(outbox.filter((r) => r.to === a.officer.email)).toHaveLength(1);
    expect(digestsTo(a.officer.email)).toHaveLength(1);
    expect((await digest("GET", a.officer.cookie)).json().lastSentAt).not.toBeNull();
  });

  it("sends nothing before the slot, nor for a slot before the user opted in", async () => {
    const due = dueNow("UTC");
    await digest("PUT", b.officer.cookie, { ...due, hour: (due.hour + 3) % 24 });
    await t.db
      .update(digestSubscriptions)
      .set({ createdAt: ago(8) })
      .where(eq(digestSubscriptions.userId, b.officer.userId));
    expect(await sendDueDigests(t.app)).toBe(0);
    // Due hour, but opted in after it began: next week.
    await digest("PUT", b.officer.cookie, due);
    await t.db
      .update(digestSubscriptions)
      .set({ createdAt: new Date() })
      .where(eq(digestSubscriptions.userId, b.officer.userId));
    expect(await sendDueDigests(t.app)).toBe(0);
    expect(digestsTo(b.officer.email)).toHaveLength(0);
  });

  it("sends nothing to a user no longer approved with a role", async () => {
    const user = await buildUser(t, { role: "org_officer", organizationId: a.org.id, status: "submitted" });
    const noRole = await buildUser(t, { organizationId: a.org.id });
    for (const u of [user, noRole])
      await t.db.insert(digestSubscriptions).values({ userId: u.userId, ...dueNow("UTC"), createdAt: ago(8) });
    expect(await sendDueDigests(t.app)).toBe(0);
    expect(digestsTo(user.email)).toHaveLength(0);
    expect(digestsTo(noRole.email)).toHaveLength(0);
  });
});

describe("the demo", () => {
  it("gives its officers and manager something in each of Today's donor lists", async () => {
    const summary = await seedDemo(t.app);
    for (const email of [
      "officer@demo.cultivate.local",
      "officer2@demo.cultivate.local",
      "manager@demo.cultivate.local",
    ]) {
      const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const lists = await listsFor(t.app, { organizationId: summary.demo.id, managerId: user!.id });
      expect([email, lists.noContact.total > 0, lists.longInStage.total > 0, lists.notStarted.total > 0]).toEqual([
        email,
        true,
        true,
        true,
      ]);
    }
  }, 120_000);
});
