import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { campaignGoals, campaigns, stages } from "../src/db/schema.ts";
import { buildDonor, buildOrg, buildUser, createTestApp, type TestApp } from "./helpers.ts";
import { twoOrganizations, type TwoOrganizations } from "./fixtures.ts";

let t: TestApp;
let orgA: { id: string };
let orgB: { id: string };
let fixture: TwoOrganizations;
beforeAll(async () => {
  t = await createTestApp();
  // No fixture records: the campaign lists below hold only what the tests create.
  fixture = await twoOrganizations(t, { records: false });
  orgA = fixture.a.org;
  orgB = fixture.b.org;
});
afterAll(async () => {
  await t?.close();
});

const input = (over: Record<string, unknown> = {}) => ({
  name: "Capital Campaign 2026",
  goal: "$2,000,000",
  startDate: "2026-01-05",
  endDate: "2026-12-31",
  details: "New library wing",
  ...over,
});

describe("campaign management", () => {
  it("creates a campaign in the creator's organisation with them as owner", async () => {
    const manager = await buildUser(t, { role: "org_manager", organizationId: orgA.id });
    const res = await t.request("POST", "/api/campaigns", { cookie: manager.cookie, body: input() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Capital Campaign 2026",
      organizationId: orgA.id,
      ownerUserId: manager.userId,
      isArchived: false,
      donorCount: 0,
      startDate: "2026-01-05",
    });
  });

  it("rejects a start date after the end date, and missing required fields", async () => {
    const manager = await buildUser(t, { role: "org_manager", organizationId: orgA.id });
    const bad = await t.request("POST", "/api/campaigns", {
      cookie: manager.cookie,
      body: input({ startDate: "2026-12-31", endDate: "2026-01-01" }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The start date must be on or before the end date.");
    const missing = await t.request("POST", "/api/campaigns", { cookie: manager.cookie, body: input({ name: "  " }) });
    expect(missing.statusCode).toBe(400);
    const created = (await t.request("POST", "/api/campaigns", { cookie: manager.cookie, body: input() })).json();
    const patch = await t.request("PATCH", `/api/campaigns/${created.id}`, {
      cookie: manager.cookie,
      body: { startDate: "2027-06-01" },
    });
    expect(patch.statusCode).toBe(400);
  });

  it("answers 'Organization information not available' to a user without an organisation", async () => {
    const admin = await buildUser(t, { role: "admin", organizationId: null });
    const res = await t.request("POST", "/api/campaigns", { cookie: admin.cookie, body: input() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Organization information not available");
    const named = await t.request("POST", "/api/campaigns", {
      cookie: admin.cookie,
      body: input({ organizationId: orgB.id }),
    });
    expect(named.statusCode).toBe(201);
    expect(named.json().organizationId).toBe(orgB.id);
  });

  it("refuses users without a campaign role (403) and hides other organisations' campaigns (404)", async () => {
    const plain = await buildUser(t, { organizationId: orgA.id });
    const denied = await t.request("GET", "/api/campaigns", { cookie: plain.cookie });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("You don't have permission to manage campaigns.");

    const ownerB = fixture.b.owner;
    const theirs = (
      await t.request("POST", "/api/campaigns", { cookie: ownerB.cookie, body: input({ name: "B only" }) })
    ).json();
    const ownerA = fixture.a.owner;
    expect(
      (await t.request("PATCH", `/api/campaigns/${theirs.id}`, { cookie: ownerA.cookie, body: { name: "x" } }))
        .statusCode,
    ).toBe(404);
    expect((await t.request("DELETE", `/api/campaigns/${theirs.id}`, { cookie: ownerA.cookie })).statusCode).toBe(404);
    expect((await t.request("GET", `/api/campaigns/${theirs.id}/donors`, { cookie: ownerA.cookie })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request("GET", `/api/campaigns?organizationId=${orgB.id}`, { cookie: ownerA.cookie })).statusCode,
    ).toBe(404);
    const list = (await t.request("GET", "/api/campaigns", { cookie: ownerA.cookie })).json();
    expect(list.campaigns.map((c: { name: string }) => c.name)).not.toContain("B only");
  });

  it("an officer sees and edits only the campaigns they own; owners see all of the organisation's", async () => {
    const org = await buildOrg(t);
    const officer1 = await buildUser(t, { role: "org_officer", organizationId: org.id });
    const officer2 = await buildUser(t, { role: "org_officer", organizationId: org.id });
    const owner = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const mine = (
      await t.request("POST", "/api/campaigns", { cookie: officer1.cookie, body: input({ name: "Officer one's" }) })
    ).json();
    await t.request("POST", "/api/campaigns", { cookie: officer2.cookie, body: input({ name: "Officer two's" }) });

    const seen = (await t.request("GET", "/api/campaigns", { cookie: officer1.cookie })).json();
    expect(seen.ownOnly).toBe(true);
    expect(seen.campaigns.map((c: { name: string }) => c.name)).toEqual(["Officer one's"]);
    expect(
      (await t.request("PATCH", `/api/campaigns/${mine.id}`, { cookie: officer2.cookie, body: { name: "hijack" } }))
        .statusCode,
    ).toBe(404);

    const all = (await t.request("GET", "/api/campaigns", { cookie: owner.cookie })).json();
    expect(all.ownOnly).toBe(false);
    expect(all.campaigns.map((c: { name: string }) => c.name).sort()).toEqual(["Officer one's", "Officer two's"]);
  });

  it("archives and unarchives; archived campaigns are listed only on request, newest first", async () => {
    const owner = await buildUser(t, { role: "org_owner" });
    const first = (
      await t.request("POST", "/api/campaigns", { cookie: owner.cookie, body: input({ name: "First" }) })
    ).json();
    await new Promise((r) => setTimeout(r, 5));
    await t.request("POST", "/api/campaigns", { cookie: owner.cookie, body: input({ name: "Second" }) });
    const archived = await t.request("PATCH", `/api/campaigns/${first.id}`, {
      cookie: owner.cookie,
      body: { isArchived: true },
    });
    expect(archived.json().isArchived).toBe(true);
    expect(
      (await t.request("GET", "/api/campaigns", { cookie: owner.cookie }))
        .json()
        .campaigns.map((c: { name: string }) => c.name),
    ).toEqual(["Second"]);
    const withArchived = (
      await t.request("GET", "/api/campaigns?includeArchived=true", { cookie: owner.cookie })
    ).json();
    expect(withArchived.campaigns.map((c: { name: string }) => c.name)).toEqual(["Second", "First"]);
    await t.request("PATCH", `/api/campaigns/${first.id}`, { cookie: owner.cookie, body: { isArchived: false } });
    expect((await t.request("GET", "/api/campaigns", { cookie: owner.cookie })).json().campaigns).toHaveLength(2);
  });

  it("lists 50 campaigns a page, active ones first, with the totals the pager needs (ADR 070)", async () => {
    const org = await buildOrg(t);
    const owner = await buildUser(t, { role: "org_owner", organizationId: org.id });
    // 53 active and 4 archived, two of each sharing one creation time (ties go by id, so pages never overlap).
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 57 }, (_, i) => ({
      organizationId: org.id,
      ownerUserId: owner.userId,
      name: `Paged ${String(i).padStart(2, "0")}`,
      goal: "$1",
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      isArchived: i >= 53,
      createdAt: new Date(base + (i === 1 || i === 54 ? 0 : i) * 60_000),
    }));
    await t.db.insert(campaigns).values(rows);
    type Listed = { name: string; isArchived: boolean };
    const get = async (query: string) => {
      const res = await t.request("GET", `/api/campaigns${query}`, { cookie: owner.cookie });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        campaigns: Listed[];
        total: number;
        activeTotal: number;
        page: number;
        pageSize: number;
      };
    };

    const first = await get("");
    expect(first).toMatchObject({ total: 53, activeTotal: 53, page: 1, pageSize: 50 });
    expect(first.campaigns).toHaveLength(50);
    expect(first.campaigns[0]!.name).toBe("Paged 52");
    const second = await get("?page=2");
    expect(second).toMatchObject({ total: 53, activeTotal: 53, page: 2 });
    const activeNames = [...first.campaigns, ...second.campaigns].map((c) => c.name);
    expect(new Set(activeNames).size).toBe(53);
    expect(activeNames.at(-3)).toBe("Paged 02");
    expect(activeNames.slice(-2).sort()).toEqual(["Paged 00", "Paged 01"]);

    const all1 = await get("?includeArchived=true");
    const all2 = await get("?includeArchived=true&page=2");
    expect(all1).toMatchObject({ total: 57, activeTotal: 53 });
    const listed = [...all1.campaigns, ...all2.campaigns];
    expect(listed).toHaveLength(57);
    expect(listed.slice(0, 53).every((c) => !c.isArchived)).toBe(true);
    expect(listed.slice(53).map((c) => c.name)).toEqual(["Paged 56", "Paged 55", "Paged 53", "Paged 54"]);

    const past = await get("?page=3");
    expect(past).toMatchObject({ campaigns: [], total: 53, page: 3 });
    for (const bad of ["0", "-1", "1.5", "x", "100001"]) {
      expect((await t.request("GET", `/api/campaigns?page=${bad}`, { cookie: owner.cookie })).statusCode).toBe(400);
    }

    // An admin's page of every organisation is 50 too, and naming this organisation gives its own totals.
    const admin = await buildUser(t, { role: "admin", organizationId: null });
    const everyone = (await t.request("GET", "/api/campaigns", { cookie: admin.cookie })).json();
    expect(everyone.campaigns).toHaveLength(50);
    expect(everyone.total).toBeGreaterThanOrEqual(53);
    const named = (
      await t.request("GET", `/api/campaigns?organizationId=${org.id}&includeArchived=true&page=2`, {
        cookie: admin.cookie,
      })
    ).json();
    expect(named).toMatchObject({ total: 57, activeTotal: 53, page: 2, organizationName: org.name });
    expect(named.campaigns).toHaveLength(7);
  });

  it("lists a campaign's donors with their figures and deletes a campaign with its goals, keeping stage history", async () => {
    const owner = await buildUser(t, { role: "org_owner" });
    const organizationId = owner.organizationId!;
    const donor = await buildDonor(t, organizationId, {
      firstName: "Mary",
      lastName: "Major",
      estimatedCapacity: 250000,
      totalGiftAmount: 12000,
      numberOfGifts: 4,
    });
    const campaign = (await t.request("POST", "/api/campaigns", { cookie: owner.cookie, body: input() })).json();
    const goal = await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${campaign.id}`, {
      cookie: owner.cookie,
      body: { goalText: "$50,000 for the wing" },
    });
    expect(goal.statusCode).toBe(200);
    const listed = (await t.request("GET", "/api/campaigns", { cookie: owner.cookie })).json().campaigns[0];
    expect(listed.donorCount).toBe(1);
    const donorsRes = (await t.request("GET", `/api/campaigns/${campaign.id}/donors`, { cookie: owner.cookie })).json();
    expect(donorsRes.donors[0]).toMatchObject({
      firstName: "Mary",
      lastName: "Major",
      estimatedCapacity: 250000,
      totalGiftAmount: 12000,
      numberOfGifts: 4,
      goalText: "$50,000 for the wing",
    });

    await t.db
      .insert(stages)
      .values({ donorId: donor.id, organizationId, stageName: "Discovery", aiOutput: "plan", campaignId: campaign.id });
    expect((await t.request("DELETE", `/api/campaigns/${campaign.id}`, { cookie: owner.cookie })).statusCode).toBe(204);
    expect(await t.db.select().from(campaigns).where(eq(campaigns.id, campaign.id))).toHaveLength(0);
    expect(await t.db.select().from(campaignGoals).where(eq(campaignGoals.campaignId, campaign.id))).toHaveLength(0);
    const [kept] = await t.db.select().from(stages).where(eq(stages.donorId, donor.id));
    expect(kept).toMatchObject({ aiOutput: "plan", campaignId: null });
  });

  it("lists a campaign's donors 50 a page by name, with how many there are in all (ADR 078)", async () => {
    const owner = await buildUser(t, { role: "org_owner" });
    const organizationId = owner.organizationId!;
    const campaign = (await t.request("POST", "/api/campaigns", { cookie: owner.cookie, body: input() })).json();
    for (let i = 0; i < 55; i++) {
      // Names out of order, so the page's order is the server's: Donor54 … Donor00 go in first.
      const d = await buildDonor(t, organizationId, {
        firstName: "Paged",
        lastName: `Donor${String(54 - i).padStart(2, "0")}`,
      });
      await t.db.insert(campaignGoals).values({ campaignId: campaign.id, donorId: d.id, organizationId, goalText: "" });
    }
    const pageOf = async (query: string) =>
      t.request("GET", `/api/campaigns/${campaign.id}/donors${query}`, { cookie: owner.cookie });
    const first = (await pageOf("")).json();
    expect(first).toMatchObject({ total: 55, page: 1, pageSize: 50 });
    expect(first.donors.map((d: { lastName: string }) => d.lastName)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Donor${String(i).padStart(2, "0")}`),
    );
    const second = (await pageOf("?page=2")).json();
    expect(second).toMatchObject({ total: 55, page: 2, pageSize: 50 });
    expect(second.donors.map((d: { lastName: string }) => d.lastName)).toEqual([
      "Donor50",
      "Donor51",
      "Donor52",
      "Donor53",
      "Donor54",
    ]);
    expect((await pageOf("?page=3")).json()).toMatchObject({ donors: [], total: 55, page: 3 });
    for (const q of ["?page=0", "?page=abc", "?page=1.5"]) expect((await pageOf(q)).statusCode, q).toBe(400);
  });
});

describe("campaign activity", () => {
  it("records start, then success with a duration, for create and update", async () => {
    const { userActions } = await import("../src/db/schema.ts");
    const owner = await buildUser(t, { role: "org_owner" });
    const created = (
      await t.request("POST", "/api/campaigns", { cookie: owner.cookie, body: input({ name: "Tracked" }) })
    ).json();
    await t.request("PATCH", `/api/campaigns/${created.id}`, { cookie: owner.cookie, body: { goal: "$3,000,000" } });
    await t.app.activity.flush();
    const rows = await t.db.select().from(userActions).where(eq(userActions.userId, owner.userId));
    const phases = (name: string) =>
      rows
        .filter((r) => r.actionName === name)
        .map((r) => (r.details as { phase?: string }).phase)
        .sort();
    expect(phases("campaign_create")).toEqual(["start", "success"]);
    expect(phases("campaign_update")).toEqual(["start", "success"]);
    expect(
      rows.find((r) => r.actionName === "campaign_create" && (r.details as { phase?: string }).phase === "success")!
        .durationMs,
    ).toEqual(expect.any(Number));
  });
});
