import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  ACTION_CSV_COLUMNS,
  ACTION_NAMES,
  ACTION_USER_OPTIONS,
  describeAction,
  RESOURCE_TYPES,
} from "@cultivate/shared";
import { campaigns, onboardingForms, organizations, userActions, users } from "../src/db/schema.ts";
import { csvCell } from "@cultivate/shared";
import { buildUser, createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;
let orgA: string;
let orgB: string;
let userA: Awaited<ReturnType<typeof buildUser>>;
let userB: Awaited<ReturnType<typeof buildUser>>;
const BULK_A = 10_400;
const BULK_B = 600;
const base = Date.parse("2026-03-01T00:00:00Z");

beforeAll(async () => {
  t = await createTestApp();
  const [a] = await t.db.insert(organizations).values({ name: "Harbor Literacy" }).returning();
  const [b] = await t.db.insert(organizations).values({ name: "Mountain Rescue" }).returning();
  orgA = a!.id;
  orgB = b!.id;
  userA = await buildUser(t, { role: "org_officer", organizationId: orgA });
  userB = await buildUser(t, { role: "org_officer", organizationId: orgB });
  // 11,000 actions inserted in bulk: one per minute going back from `base`; every 10th failed; types rotate.
  const types = ["navigation", "donor_management", "campaign_management", "ai_interaction"] as const;
  const rows = [];
  for (let i = 0; i < BULK_A + BULK_B; i++) {
    const inA = i < BULK_A;
    rows.push({
      userId: inA ? userA.userId : userB.userId,
      organizationId: inA ? orgA : orgB,
      actionType: types[i % 4]!,
      actionName: types[i % 4] === "navigation" ? "page_view" : `bulk_${types[i % 4]}`,
      resourceType: i % 2 ? "donor" : "page",
      resourceId: `res-${i}`,
      details: { i },
      durationMs: 100 + (i % 5) * 1000,
      success: i % 10 !== 0,
      errorMessage: i % 10 === 0 ? "it failed" : null,
      ipAddress: "203.0.113.5",
      userAgent: "vitest",
      timestamp: new Date(base - i * 60_000),
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await t.db.insert(userActions).values(rows.slice(i, i + 1000));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type List = {
  items: { id: string; organizationId: string; timestamp: string; actionType: string; success: boolean }[];
  total: number;
  offset: number;
  limit: number;
};
const get = async (cookie: string, url: string) => {
  const res = await t.request("GET", url, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as List;
};

describe("who may see the action history (docs/RULES.md, Activity history)", () => {
  it("answers 401 without a session and 403 for an officer or a user without a role", async () => {
    expect((await t.request("GET", "/api/actions")).statusCode).toBe(401);
    const officer = await buildUser(t, { role: "org_officer", organizationId: orgA });
    const none = await buildUser(t, { organizationId: orgA });
    for (const url of ["/api/actions", "/api/actions/summary", "/api/actions/export", "/api/actions/filter-options"]) {
      expect((await t.request("GET", url, { cookie: officer.cookie })).statusCode, url).toBe(403);
      expect((await t.request("GET", url, { cookie: none.cookie })).statusCode, url).toBe(403);
    }
  });

  it.each(["org_owner", "org_manager"] as const)(
    "an %s sees only their organisation; naming another answers 404",
    async (role) => {
      const staff = await buildUser(t, { role, organizationId: orgA });
      const list = await get(staff.cookie, "/api/actions");
      expect(list.total).toBe(BULK_A);
      expect(list.items.every((i) => i.organizationId === orgA)).toBe(true);
      expect((await t.request("GET", `/api/actions?organizationId=${orgB}`, { cookie: staff.cookie })).statusCode).toBe(
        404,
      );
      const options = (await t.request("GET", "/api/actions/filter-options", { cookie: staff.cookie })).json();
      // No organisation list here (an admin's filter reads /api/admin/organizations/names, which answers owners 403).
      expect(options).not.toHaveProperty("organizations");
      expect(options.users.map((u: { email: string }) => u.email)).not.toContain(userB.email);
      // Nor by search, nor by naming them.
      const named = await t.request("GET", `/api/actions/filter-options?q=${userB.email}&userId=${userB.userId}`, {
        cookie: staff.cookie,
      });
      expect(named.json().users).toEqual([]);
    },
  );

  it("an admin sees every organisation, or the one named", async () => {
    const admin = await buildUser(t, { role: "admin", organizationId: null });
    expect((await get(admin.cookie, "/api/actions")).total).toBeGreaterThanOrEqual(BULK_A + BULK_B);
    expect((await get(admin.cookie, `/api/actions?organizationId=${orgB}`)).total).toBe(BULK_B);
  });
});

describe("the filters' choices (issue 13: without reading the actions)", () => {
  it("offers the product's action names and resource types, and users found by email or name, 50 at most", async () => {
    const admin = await buildUser(t, { role: "admin", organizationId: null });
    const org = (await t.db.insert(organizations).values({ name: "Options Trust" }).returning())[0]!.id;
    const staff = [];
    for (let i = 0; i < 55; i++) staff.push(await buildUser(t, { role: "org_officer", organizationId: org }));
    const named = await buildUser(t, { role: "org_officer", organizationId: org });
    await t.db.update(users).set({ name: "Wilhelmina Quarrie" }).where(eq(users.id, named.userId));
    const options = async (query: string, cookie = admin.cookie) => {
      const res = await t.request("GET", `/api/actions/filter-options${query}`, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { users: { id: string; email: string }[]; actionNames: string[]; resourceTypes: string[] };
    };
    const all = await options("");
    expect(all.actionNames).toEqual((Object.values(ACTION_NAMES).flat() as string[]).sort());
    expect(all.resourceTypes).toEqual([...RESOURCE_TYPES]);
    expect(all.users).toHaveLength(ACTION_USER_OPTIONS);
    const emails = all.users.map((u) => u.email);
    expect([...emails].sort()).toEqual(emails);

    // By email (a part of it, case aside), by name; LIKE's wildcards are read as themselves.
    const one = staff[42]!;
    expect((await options(`?q=${encodeURIComponent(one.email.slice(0, -6).toUpperCase())}`)).users).toEqual([
      { id: one.userId, email: one.email },
    ]);
    expect((await options("?q=quarrie")).users).toEqual([{ id: named.userId, email: named.email }]);
    expect((await options("?q=%25")).users).toEqual([]);
    // The chosen user is offered whatever the search, so the filter shows its email.
    const chosen = await options(`?q=quarrie&userId=${one.userId}`);
    expect(chosen.users.map((u) => u.id).sort()).toEqual([named.userId, one.userId].sort());
    // An owner's choices stay in their organisation.
    const owner = await buildUser(t, { role: "org_owner", organizationId: org });
    const mine = await options(`?q=@&userId=${userA.userId}`, owner.cookie);
    expect(mine.users).toHaveLength(ACTION_USER_OPTIONS);
    expect(mine.users.map((u) => u.id)).not.toContain(userA.userId);
    expect(
      (await t.request("GET", `/api/actions/filter-options?q=${"x".repeat(201)}`, { cookie: admin.cookie })).statusCode,
    ).toBe(400);
  }, 120_000);
});

describe("paging and filters with an exact count", () => {
  it("pages of 50, newest first, with the exact total over 10,000 actions", async () => {
    const owner = await buildUser(t, { role: "org_owner", organizationId: orgA });
    const first = await get(owner.cookie, "/api/actions");
    expect(first).toMatchObject({ total: BULK_A, offset: 0, limit: 50 });
    expect(first.items).toHaveLength(50);
    const times = first.items.map((i) => Date.parse(i.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const second = await get(owner.cookie, "/api/actions?offset=50");
    expect(second.items).toHaveLength(50);
    expect(Date.parse(second.items[0]!.timestamp)).toBeLessThan(times[49]!);
    const last = await get(owner.cookie, `/api/actions?offset=${BULK_A - 20}`);
    expect(last.items).toHaveLength(20);
    expect(last.total).toBe(BULK_A);
  });

  it("filters by type, name, resource type, user, success and time range, combined", async () => {
    const owner = await buildUser(t, { role: "org_owner", organizationId: orgA });
    const q = (s: string) => get(owner.cookie, `/api/actions?${s}`).then((r) => r.total);
    expect(await q("actionType=navigation")).toBe(BULK_A / 4);
    expect(await q("actionName=page_view")).toBe(BULK_A / 4);
    expect(await q("resourceType=donor")).toBe(BULK_A / 2);
    expect(await q(`userId=${userA.userId}`)).toBe(BULK_A);
    expect(await q(`userId=${userB.userId}`)).toBe(0);
    expect(await q("success=false")).toBe(BULK_A / 10);
    expect(await q("success=true")).toBe(BULK_A - BULK_A / 10);
    // The newest 100 minutes: i = 0..100 inclusive of both ends.
    const from = new Date(base - 100 * 60_000).toISOString();
    const to = new Date(base).toISOString();
    expect(await q(`from=${from}&to=${to}`)).toBe(101);
    // navigation (i%4==0) and failed (i%10==0) → i%20==0 among 0..100: 6
    expect(await q(`from=${from}&to=${to}&actionType=navigation&success=false`)).toBe(6);
    expect((await t.request("GET", "/api/actions?actionType=nonsense", { cookie: owner.cookie })).statusCode).toBe(400);
  });

  it("summarises the filtered actions: total, success rate, counts by type, average duration", async () => {
    const owner = await buildUser(t, { role: "org_owner", organizationId: orgA });
    const res = await t.request("GET", "/api/actions/summary", { cookie: owner.cookie });
    const s = res.json();
    expect(s.total).toBe(BULK_A);
    expect(s.successCount).toBe(BULK_A - BULK_A / 10);
    expect(s.successRate).toBe(90);
    expect(s.byType).toHaveLength(4);
    expect(s.byType.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(BULK_A);
    expect(s.averageDurationMs).toBe(2100);
    const nav = (await t.request("GET", "/api/actions/summary?actionType=navigation", { cookie: owner.cookie })).json();
    expect(nav.byType).toEqual([{ actionType: "navigation", count: BULK_A / 4 }]);
  });
});

describe("CSV export (docs/RULES.md, Activity history)", () => {
  it("streams every matching action as user_actions_{date}.csv with the 12 columns in order", async () => {
    const manager = await buildUser(t, { role: "org_manager", organizationId: orgA });
    const res = await t.request("GET", "/api/actions/export", { cookie: manager.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="user_actions_${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Timestamp,User Email,Organization,Action Type,Action Name,Resource Type,Resource ID,Success,Duration (ms),IP Address,User Agent,Details",
    );
    expect(ACTION_CSV_COLUMNS).toHaveLength(12);
    // Every row of the organisation (the export itself is logged after the stream starts, so ≥).
    expect(lines.length - 1).toBeGreaterThanOrEqual(BULK_A);
    const newest = lines.find((l) => l.includes("res-0,"))!;
    expect(newest).toBe(
      `${new Date(base).toISOString()},${userA.email},Harbor Literacy,navigation,page_view,page,res-0,false,100,203.0.113.5,vitest,"{""i"":0}"`,
    );
    const ids = new Set(lines.slice(1).map((l) => l.split(",")[6]));
    expect(ids.size).toBe(lines.length - 1); // keyset paging: no row twice
  });

  it("applies the filters and the organisation scope", async () => {
    const owner = await buildUser(t, { role: "org_owner", organizationId: orgB });
    const res = await t.request("GET", "/api/actions/export?success=false", { cookie: owner.cookie });
    const rows = res.body.trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(BULK_B / 10);
    expect(rows.every((r) => r.includes("Mountain Rescue") && r.includes(",false,"))).toBe(true);
  });

  it("neutralises formula injection and quotes commas, quotes and newlines", async () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("\rx")).toBe('"\'\rx"');
    expect(csvCell('a,"b"\nc')).toBe('"a,""b""\nc"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");

    const admin = await buildUser(t, { role: "admin", organizationId: null });
    await t.db
      .insert(userActions)
      .values({ userId: admin.userId, actionType: "system", actionName: "=cmd|' /C calc'!A0", resourceId: "-1+1" });
    const res = await t.request("GET", "/api/actions/export?actionType=system", { cookie: admin.cookie });
    expect(res.body).toContain(`'=cmd|' /C calc'!A0`);
    expect(res.body).toContain(`,'-1+1,`);
  });
});

describe("what the history's sentences are made of (issue 14)", () => {
  it("names the person and the record: 'Maria Lopez archived Spring Gala', raw names kept", async () => {
    const owner = await buildUser(t, { role: "org_owner", organizationId: orgA });
    await t.db
      .insert(onboardingForms)
      .values({ userId: owner.userId, organizationName: "Harbor Literacy", firstName: "Maria", lastName: "Lopez" });
    const created = await t.request("POST", "/api/campaigns", {
      cookie: owner.cookie,
      body: { name: "Spring Gala", goal: "Raise $250k at the gala", startDate: "2027-03-01", endDate: "2027-05-31" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(
      (await t.request("PATCH", `/api/campaigns/${id}`, { cookie: owner.cookie, body: { isArchived: true } }))
        .statusCode,
    ).toBe(200);
    await t.app.activity.flush();

    const list = await get(owner.cookie, "/api/actions?actionName=campaign_archive");
    const archived = (list.items as unknown as Record<string, unknown>[]).find(
      (a) => a.resourceId === id && (a.details as { phase?: string }).phase === "success",
    );
    expect(archived).toMatchObject({
      userName: "Maria Lopez",
      userEmail: owner.email,
      actionType: "campaign_management",
      actionName: "campaign_archive",
      resourceType: "campaign",
      resourceName: "Spring Gala",
    });
    expect(describeAction(archived as never)).toBe("Maria Lopez archived Spring Gala");
  });

  it("never names another organisation's record, even when an action of this one points at it", async () => {
    const [b] = await t.db
      .insert(campaigns)
      .values({
        name: "Mountain Secret",
        goal: "x",
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        organizationId: orgB,
      })
      .returning();
    await t.db.insert(userActions).values({
      userId: userA.userId,
      organizationId: orgA,
      actionType: "campaign_management",
      actionName: "campaign_update",
      resourceType: "campaign",
      resourceId: b!.id,
      details: {},
      success: false,
      errorMessage: "Campaign not found.",
      timestamp: new Date(),
    });
    const admin = await buildUser(t, { role: "admin", organizationId: null });
    const body = await get(admin.cookie, `/api/actions?organizationId=${orgA}&actionName=campaign_update`);
    const row = (body.items as unknown as Record<string, unknown>[]).find((a) => a.resourceId === b!.id);
    expect(row).toMatchObject({ resourceName: null, organizationId: orgA });
    expect(JSON.stringify(body)).not.toContain("Mountain Secret");
  });
});
