// Issue 15, Portfolios (docs/RULES.md, Portfolios): who may assign a donor's relationship manager, to whom,
// and where it is recorded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { PORTFOLIO_MESSAGES } from "@cultivate/shared";
import { donorChanges, donors, onboardingForms, userActions } from "../src/db/schema.ts";
import { buildDonor, buildUser, createTestApp, type TestApp } from "./helpers.ts";
import { twoOrganizations, type OrganizationPeople } from "./fixtures.ts";

let t: TestApp;
let a: OrganizationPeople;
let b: OrganizationPeople;
let d1: string;
let d2: string;
let d3: string;
let foreign: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await twoOrganizations(t, { names: ["Portfolio A", "Portfolio B"], records: false }));
  d1 = (await buildDonor(t, a.org.id, { firstName: "One" })).id;
  d2 = (await buildDonor(t, a.org.id, { firstName: "Two" })).id;
  d3 = (await buildDonor(t, a.org.id, { firstName: "Three" })).id;
  foreign = (await buildDonor(t, b.org.id, { firstName: "Foreign" })).id;
});
afterAll(async () => {
  await t?.close();
});

const put = (cookie: string | undefined, id: string, userId: string | null) =>
  t.request("PUT", `/api/donors/${id}/relationship-manager`, { cookie, body: { userId } });
const bulk = (cookie: string | undefined, donorIds: string[], userId: string | null) =>
  t.request("POST", "/api/donors/relationship-manager", { cookie, body: { donorIds, userId } });
const managerOf = async (id: string) =>
  (await t.db.select({ m: donors.relationshipManagerId }).from(donors).where(eq(donors.id, id)))[0]!.m;

describe("assigning one donor's relationship manager", () => {
  it("owners and managers assign an officer, manager or owner of the organisation, and clear it", async () => {
    const res = await put(a.owner.cookie, d1, a.officer.userId);
    expect(res.statusCode).toBe(200);
    expect(res.json().relationshipManager).toMatchObject({ id: a.officer.userId, email: a.officer.email });
    expect(res.json().message).toMatch(/^Relationship manager set to /);
    expect(await managerOf(d1)).toBe(a.officer.userId);

    expect((await put(a.manager.cookie, d1, a.manager.userId)).statusCode).toBe(200);
    expect(await managerOf(d1)).toBe(a.manager.userId);
    expect((await put(a.manager.cookie, d1, a.owner.userId)).statusCode).toBe(200);
    const cleared = await put(a.owner.cookie, d1, null);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ relationshipManager: null, message: PORTFOLIO_MESSAGES.unassigned });
    expect(await managerOf(d1)).toBeNull();
  });

  it("an admin assigns in any organisation", async () => {
    expect((await put(b.admin.cookie, d2, a.officer.userId)).statusCode).toBe(200);
    expect(await managerOf(d2)).toBe(a.officer.userId);
  });

  it("officers get 403 with one sentence; signed out 401; not approved 403", async () => {
    const res = await put(a.officer.cookie, d3, a.officer.userId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PORTFOLIO_MESSAGES.forbidden);
    expect((await put(undefined, d3, a.officer.userId)).statusCode).toBe(401);
    const applicant = await put(a.applicant.cookie, d3, a.officer.userId);
    expect(applicant.statusCode).toBe(403);
    expect(applicant.json().error).toBe("approval_required");
    expect(await managerOf(d3)).toBeNull();
  });

  it("another organisation's donor, or a missing one, is 404", async () => {
    const res = await put(a.owner.cookie, foreign, a.officer.userId);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(
      "The donor you're looking for doesn't exist or you don't have permission to view it.",
    );
    expect((await put(b.manager.cookie, d3, b.officer.userId)).statusCode).toBe(404);
    expect((await put(a.owner.cookie, "not-a-uuid", a.officer.userId)).statusCode).toBe(404);
    expect(await managerOf(foreign)).toBeNull();
  });

  it("a user who is not an eligible member of the donor's organisation is 400 with one sentence", async () => {
    const plain = await buildUser(t, { organizationId: a.org.id });
    const orgAdminOnly = await buildUser(t, { role: "admin", organizationId: null });
    for (const userId of [b.officer.userId, a.applicant.userId, plain.userId, orgAdminOnly.userId, "no-such-user"]) {
      const res = await put(a.owner.cookie, d3, userId);
      expect(res.statusCode, userId).toBe(400);
      expect(res.json().message).toBe(PORTFOLIO_MESSAGES.ineligible);
    }
    // An admin cannot hand A's donor to B's officer either.
    expect((await put(b.admin.cookie, d3, b.officer.userId)).statusCode).toBe(400);
    expect(await managerOf(d3)).toBeNull();
  });

  it("each change is in the donor's change history and in the action history under the donor's organisation", async () => {
    const donor = (await buildDonor(t, a.org.id, { firstName: "History" })).id;
    await put(a.owner.cookie, donor, a.officer.userId);
    await put(a.owner.cookie, donor, a.officer.userId); // the same again: no new change
    await put(a.owner.cookie, donor, null);
    const record = (await t.request("GET", `/api/donors/${donor}`, { cookie: a.owner.cookie })).json();
    const changes = record.changes.flatMap((c: { changes: unknown[] }) => c.changes);
    expect(changes).toEqual([
      { field: "relationship_manager", label: "Relationship Manager", old: a.officer.email, new: null },
      { field: "relationship_manager", label: "Relationship Manager", old: null, new: a.officer.email },
    ]);
    await t.app.activity.flush();
    const rows = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.actionName, "assign_relationship_manager"), eq(userActions.resourceId, donor)));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.organizationId === a.org.id && r.success)).toBe(true);
  });
});

describe("assigning in bulk", () => {
  it("assigns every listed donor, records one change each, and clears them again", async () => {
    const res = await bulk(a.manager.cookie, [d1, d2, d3], a.officer.userId);
    expect(res.statusCode).toBe(200);
    expect(res.json().updated).toBe(3);
    expect(res.json().message).toMatch(/^Assigned 3 donors to /);
    for (const id of [d1, d2, d3]) expect(await managerOf(id)).toBe(a.officer.userId);
    // d2 already had the officer: only d1 and d3 got a change entry.
    const entries = await t.db.select().from(donorChanges).where(eq(donorChanges.organizationId, a.org.id));
    expect(entries.filter((e) => e.donorId === d3)).toHaveLength(1);

    const cleared = await bulk(a.owner.cookie, [d1, d2], null);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().message).toBe(PORTFOLIO_MESSAGES.bulkUnassigned(2));
    expect(await managerOf(d1)).toBeNull();
    expect(await managerOf(d3)).toBe(a.officer.userId);

    await t.app.activity.flush();
    const rows = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.actionName, "assign_relationship_manager"), eq(userActions.userId, a.manager.userId)));
    expect(rows.some((r) => r.organizationId === a.org.id && (r.details as { donors?: number }).donors === 3)).toBe(
      true,
    );
  });

  it("officers 403; another organisation's donor in the list 404 and nothing changes; ineligible user 400", async () => {
    const officer = await bulk(a.officer.cookie, [d1], a.officer.userId);
    expect(officer.statusCode).toBe(403);
    expect(officer.json().message).toBe(PORTFOLIO_MESSAGES.forbidden);
    expect((await bulk(undefined, [d1], a.officer.userId)).statusCode).toBe(401);

    const mixed = await bulk(a.owner.cookie, [d1, foreign], a.officer.userId);
    expect(mixed.statusCode).toBe(404);
    expect(await managerOf(d1)).toBeNull();
    expect((await bulk(b.owner.cookie, [d1], b.officer.userId)).statusCode).toBe(404);

    const ineligible = await bulk(a.owner.cookie, [d1], b.officer.userId);
    expect(ineligible.statusCode).toBe(400);
    expect(ineligible.json().message).toBe(PORTFOLIO_MESSAGES.ineligible);

    // An admin's list must be of one organisation.
    const twoOrgs = await bulk(a.admin.cookie, [d1, foreign], a.officer.userId);
    expect(twoOrgs.statusCode).toBe(400);
    expect(twoOrgs.json().message).toBe(PORTFOLIO_MESSAGES.oneOrganization);
    expect((await bulk(a.owner.cookie, [], a.officer.userId)).statusCode).toBe(400);
  });

  it("deleting the user leaves their donors unassigned (ON DELETE SET NULL)", async () => {
    const leaving = await buildUser(t, { role: "org_officer", organizationId: a.org.id });
    const donor = (await buildDonor(t, a.org.id)).id;
    expect((await put(a.owner.cookie, donor, leaving.userId)).statusCode).toBe(200);
    const { users } = await import("../src/db/schema.ts");
    await t.db.delete(users).where(eq(users.id, leaving.userId));
    expect(await managerOf(donor)).toBeNull();
  });
});

describe("the Portfolio filter (list and export)", () => {
  it("mine, a colleague's and unassigned; kept as given in appliedFilters; honoured by the export", async () => {
    const org = await buildUser(t, { role: "org_owner" });
    const orgId = org.organizationId!;
    const officer = await buildUser(t, { role: "org_officer", organizationId: orgId });
    const mine = await buildDonor(t, orgId, { lastName: "Mine" });
    const theirs = await buildDonor(t, orgId, { lastName: "Theirs" });
    await buildDonor(t, orgId, { lastName: "Nobody" });
    expect((await put(org.cookie, mine.id, officer.userId)).statusCode).toBe(200);
    expect((await put(org.cookie, theirs.id, org.userId)).statusCode).toBe(200);

    const names = async (cookie: string, portfolio: string) => {
      const filters = encodeURIComponent(JSON.stringify({ portfolio }));
      const res = await t.request("GET", `/api/donors?filters=${filters}`, { cookie });
      expect(res.statusCode).toBe(200);
      return { names: res.json().rows.map((r: { lastName: string }) => r.lastName), body: res.json() };
    };
    const officerMine = await names(officer.cookie, "mine");
    expect(officerMine.names).toEqual(["Mine"]);
    expect(officerMine.body.appliedFilters).toEqual({ portfolio: "mine" });
    // A filtered list with matches carries no unfiltered count (docs/decisions/044-request-cost.md).
    expect(officerMine.body.unfilteredTotal).toBeNull();
    expect((await names(org.cookie, "mine")).names).toEqual(["Theirs"]);
    expect((await names(org.cookie, officer.userId)).names).toEqual(["Mine"]);
    expect((await names(officer.cookie, "unassigned")).names).toEqual(["Nobody"]);
    expect((await names(officer.cookie, "all")).names).toEqual(["Mine", "Nobody", "Theirs"]);

    const filters = encodeURIComponent(JSON.stringify({ portfolio: "mine" }));
    const csv = await t.request("GET", `/api/donors/export?filters=${filters}`, { cookie: officer.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Mine");
    expect(csv.body).not.toContain("Theirs");
    expect(csv.body).not.toContain("Nobody");
  });
});

describe("the relationship manager on the donor, the list and the export", () => {
  it("the donor record and the list rows name the manager; the export writes their email", async () => {
    const org = await buildUser(t, { role: "org_owner" });
    const orgId = org.organizationId!;
    const officer = await buildUser(t, { role: "org_officer", organizationId: orgId });
    const managed = await buildDonor(t, orgId, { firstName: "Managed", lastName: "Aaa" });
    await buildDonor(t, orgId, { firstName: "Free", lastName: "Bbb" });
    expect((await put(org.cookie, managed.id, officer.userId)).statusCode).toBe(200);

    const record = (await t.request("GET", `/api/donors/${managed.id}`, { cookie: officer.cookie })).json();
    expect(record.donor.relationshipManager).toMatchObject({ id: officer.userId, email: officer.email });
    expect(record.permissions.assignRelationshipManager).toBe(false);
    const asOwner = (await t.request("GET", `/api/donors/${managed.id}`, { cookie: org.cookie })).json();
    expect(asOwner.permissions.assignRelationshipManager).toBe(true);

    const list = (await t.request("GET", "/api/donors", { cookie: officer.cookie })).json();
    expect(
      list.rows.map((r: { relationshipManager: { id: string } | null }) => r.relationshipManager?.id ?? null),
    ).toEqual([officer.userId, null]);
    // The list names the manager as the record does (id, email and name).
    expect(list.rows[0].relationshipManager).toEqual(record.donor.relationshipManager);

    const csv = (await t.request("GET", "/api/donors/export", { cookie: officer.cookie })).body.trimEnd().split("\r\n");
    // The 17th column, after Organization (then the contact columns: docs/RULES.md, Export).
    expect(csv[0]!.split(",")[16]).toBe("Relationship Manager");
    expect(csv[1]!.split(",")[16]).toBe(officer.email);
    expect(csv[2]!.split(",")[16]).toBe("");
  });
});

describe("who may be given donors (GET /api/donors/relationship-managers)", () => {
  it("lists A's approved officers, managers and owners to every member; never B's; admins name the organisation", async () => {
    const ids = async (cookie: string, query = "") => {
      const res = await t.request("GET", `/api/donors/relationship-managers${query}`, { cookie });
      expect(res.statusCode).toBe(200);
      return res.json().managers.map((m: { id: string }) => m.id);
    };
    const listed = await ids(a.officer.cookie);
    expect(listed).toEqual(expect.arrayContaining([a.owner.userId, a.manager.userId, a.officer.userId]));
    expect(listed).not.toContain(a.admin.userId);
    expect(listed).not.toContain(a.applicant.userId);
    expect(listed).not.toContain(b.officer.userId);
    expect(await ids(b.admin.cookie, `?organizationId=${a.org.id}`)).toEqual(listed);
    expect(
      (
        await t.request("GET", `/api/donors/relationship-managers?organizationId=${b.org.id}`, {
          cookie: a.owner.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.request("GET", "/api/donors/relationship-managers", {})).statusCode).toBe(401);
  });

  it("names each member by their newest onboarding form, and no one without a form", async () => {
    const at = (iso: string) => new Date(iso);
    await t.db.insert(onboardingForms).values([
      {
        userId: a.manager.userId,
        organizationName: "Portfolio A",
        firstName: "Old",
        lastName: "Name",
        createdAt: at("2026-01-01T00:00:00Z"),
      },
      {
        userId: a.manager.userId,
        organizationName: "Portfolio A",
        firstName: "Nadia",
        lastName: "Newest",
        createdAt: at("2026-02-01T00:00:00Z"),
      },
      {
        userId: a.manager.userId,
        organizationName: "Portfolio A",
        firstName: "Older",
        lastName: "Still",
        createdAt: at("2025-12-01T00:00:00Z"),
      },
    ]);
    const res = await t.request("GET", "/api/donors/relationship-managers", { cookie: a.officer.cookie });
    const managers: { id: string; name: string | null }[] = res.json().managers;
    expect(managers.find((m) => m.id === a.manager.userId)?.name).toBe("Nadia Newest");
    expect(managers.find((m) => m.id === a.owner.userId)?.name).toBeNull();
    // The portfolio dashboard reads the same list.
    const dashboard = await t.request("GET", "/api/dashboards/portfolios", { cookie: a.owner.cookie });
    expect(JSON.stringify(dashboard.json())).toContain("Nadia Newest");
  });
});

describe("the portfolio dashboard (GET /api/dashboards/portfolios)", () => {
  it("sizes and capacity per manager, unassigned totals, and the top 10 unassigned by capacity", async () => {
    const owner = await buildUser(t, { role: "org_owner" });
    const orgId = owner.organizationId!;
    const officer = await buildUser(t, { role: "org_officer", organizationId: orgId });
    const manager = await buildUser(t, { role: "org_manager", organizationId: orgId });
    const mine = [
      await buildDonor(t, orgId, { estimatedCapacity: 1000 }),
      await buildDonor(t, orgId, { estimatedCapacity: 500.5 }),
    ];
    expect(
      (
        await bulk(
          owner.cookie,
          mine.map((d) => d.id),
          officer.userId,
        )
      ).statusCode,
    ).toBe(200);
    const free = [];
    for (let i = 0; i < 12; i++) free.push(await buildDonor(t, orgId, { estimatedCapacity: (i + 1) * 100 }));
    await buildDonor(t, orgId, { estimatedCapacity: null });

    const res = await t.request("GET", "/api/dashboards/portfolios", { cookie: manager.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organizationId).toBe(orgId);
    expect(body.portfolios[0]).toMatchObject({ id: officer.userId, donors: 2, capacity: 1500.5 });
    // Members without donors are listed with none.
    expect(body.portfolios.map((p: { id: string }) => p.id).sort()).toEqual(
      [owner.userId, officer.userId, manager.userId].sort(),
    );
    expect(body.portfolios.find((p: { id: string }) => p.id === owner.userId)).toMatchObject({
      donors: 0,
      capacity: 0,
    });
    expect(body.unassigned).toEqual({ donors: 13, capacity: 7800 });
    expect(body.topUnassigned).toHaveLength(10);
    expect(body.topUnassigned.map((d: { estimatedCapacity: number }) => d.estimatedCapacity)).toEqual([
      1200, 1100, 1000, 900, 800, 700, 600, 500, 400, 300,
    ]);
    expect(body.topUnassigned[0].id).toBe(free[11]!.id);

    expect((await t.request("GET", "/api/dashboards/portfolios", { cookie: officer.cookie })).statusCode).toBe(403);
    expect((await t.request("GET", "/api/dashboards/portfolios", { cookie: officer.cookie })).json().message).toBe(
      PORTFOLIO_MESSAGES.dashboardForbidden,
    );
    expect(
      (await t.request("GET", `/api/dashboards/portfolios?organizationId=${b.org.id}`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(404);
    expect((await t.request("GET", "/api/dashboards/portfolios", {})).statusCode).toBe(401);
  });
});
