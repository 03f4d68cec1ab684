import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignGoals, campaigns, donors, stagePrompts, stages } from "../src/db/schema.ts";
import { buildOrg, buildUser, createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;
let orgA: { id: string; name: string };
let orgB: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  orgA = await buildOrg(t);
  orgB = await buildOrg(t);
});
afterAll(async () => {
  await t?.close();
});

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe("admin System Overview", () => {
  it("is admin only and counts donor records of every organisation", async () => {
    const admin = await buildUser(t, { role: "admin", organizationId: null });
    const owner = await buildUser(t, { role: "org_owner", organizationId: orgA.id });
    expect((await t.request("GET", "/api/admin/overview")).statusCode).toBe(401);
    const denied = await t.request("GET", "/api/admin/overview", { cookie: owner.cookie });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("You don't have permission to access the admin dashboard.");
    await t.db.insert(donors).values([{ organizationId: orgA.id }, { organizationId: orgB.id }]);
    const res = await t.request("GET", "/api/admin/overview", { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    await t.db
      .insert(campaigns)
      .values({ organizationId: orgB.id, name: "Spring", goal: "$1", startDate: "2025-01-01", endDate: "2025-12-31" });
    const res2 = await t.request("GET", "/api/admin/overview", { cookie: admin.cookie });
    expect(res.json()).toMatchObject({ donors: 2, campaigns: 0 });
    expect(res2.json()).toMatchObject({ donors: 2, campaigns: 1, stagePrompts: await t.db.$count(stagePrompts) });
  });
});

describe("owner dashboard", () => {
  it("is for org owners only", async () => {
    for (const role of ["admin", "org_officer", "org_manager"] as const) {
      const u = await buildUser(t, { role, organizationId: orgA.id });
      expect((await t.request("GET", "/api/dashboards/owner", { cookie: u.cookie })).statusCode).toBe(403);
    }
  });

  it("says 'Organization not found for user.' to an owner without an organisation", async () => {
    const owner = await buildUser(t, { role: "org_owner", organizationId: null });
    const res = await t.request("GET", "/api/dashboards/owner", { cookie: owner.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Organization not found for user.");
  });

  it("shows its own organisation's figures and the pipeline with median days in the current stage", async () => {
    const org = await buildOrg(t, "Pipeline Org");
    const owner = await buildUser(t, { role: "org_owner", organizationId: org.id });
    await buildUser(t, { role: "org_officer", organizationId: org.id });
    const [d1, d2, d3] = await t.db
      .insert(donors)
      .values([
        { organizationId: org.id, lastName: "One", createdAt: daysAgo(10) },
        { organizationId: org.id, lastName: "Two", createdAt: daysAgo(20) },
        { organizationId: org.id, lastName: "Three", createdAt: daysAgo(30) },
      ])
      .returning();
    // d1: no stage yet → Discovery for 10 days; d2: Discovery done 4 days ago → Connection;
    // d3: Discovery done 8 days ago → Connection. Another organisation's donor never counts.
    await t.db.insert(stages).values([
      { donorId: d2!.id, organizationId: org.id, stageName: "Discovery", createdAt: daysAgo(4) },
      { donorId: d3!.id, organizationId: org.id, stageName: "Discovery", createdAt: daysAgo(8) },
    ]);
    await t.db.insert(donors).values({ organizationId: orgB.id, lastName: "Elsewhere" });

    const res = await t.request("GET", "/api/dashboards/owner", { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      organization: { id: org.id, name: "Pipeline Org" },
      totalDonors: 3,
      users: 2,
      activeCampaigns: 0,
    });
    expect(body.pipeline.map((p: { stage: string }) => p.stage)).toEqual([
      "Discovery",
      "Connection",
      "Deepening",
      "Solicitation",
      "Follow-Up",
      "Complete",
    ]);
    expect(body.pipeline[0]).toMatchObject({ stage: "Discovery", donors: 1, medianDaysInStage: 10 });
    expect(body.pipeline[1]).toMatchObject({ stage: "Connection", donors: 2, medianDaysInStage: 6 });
    expect(body.pipeline[2]).toMatchObject({ donors: 0, medianDaysInStage: null });
    expect(d1).toBeDefined();
  });
});

describe("officer dashboard", () => {
  it("is for org officers only and shows organisation totals", async () => {
    const owner = await buildUser(t, { role: "org_owner", organizationId: orgA.id });
    expect((await t.request("GET", "/api/dashboards/officer", { cookie: owner.cookie })).statusCode).toBe(403);
    const officer = await buildUser(t, { role: "org_officer", organizationId: orgA.id });
    const res = await t.request("GET", "/api/dashboards/officer", { cookie: officer.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      organization: { id: orgA.id, name: orgA.name },
      ownActiveCampaigns: 0,
      donorsInOwnCampaigns: 0,
      totalDonors: 1,
    });
    expect(res.json().users).toBeGreaterThanOrEqual(2);
  });

  it("counts the officer's own campaigns and their donors, and shows the pipeline of those donors only", async () => {
    const org = await buildOrg(t, "Officer Org");
    const officer = await buildUser(t, { role: "org_officer", organizationId: org.id });
    const colleague = await buildUser(t, { role: "org_officer", organizationId: org.id });
    const base = { organizationId: org.id, goal: "$10,000", startDate: "2025-01-01", endDate: "2025-12-31" };
    const [mine, archived, theirs] = await t.db
      .insert(campaigns)
      .values([
        { ...base, name: "Mine", ownerUserId: officer.userId },
        { ...base, name: "Old", ownerUserId: officer.userId, isArchived: true },
        { ...base, name: "Theirs", ownerUserId: colleague.userId },
      ])
      .returning();
    const [d1, d2, d3, d4] = await t.db
      .insert(donors)
      .values([1, 2, 3, 4].map((i) => ({ organizationId: org.id, lastName: `Donor ${i}`, createdAt: daysAgo(i) })))
      .returning();
    await t.db.insert(campaignGoals).values([
      { organizationId: org.id, campaignId: mine!.id, donorId: d1!.id },
      { organizationId: org.id, campaignId: mine!.id, donorId: d2!.id },
      { organizationId: org.id, campaignId: archived!.id, donorId: d3!.id },
      { organizationId: org.id, campaignId: theirs!.id, donorId: d4!.id },
    ]);
    for (const stageName of ["Discovery", "Connection", "Deepening", "Solicitation", "Follow-Up"]) {
      await t.db.insert(stages).values({ donorId: d2!.id, organizationId: org.id, stageName, createdAt: daysAgo(1) });
    }

    const res = await t.request("GET", "/api/dashboards/officer", { cookie: officer.cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      ownActiveCampaigns: 1,
      ownCampaignsTotal: 2,
      donorsInOwnCampaigns: 2,
      totalDonors: 4,
      users: 2,
      completedDonors: 1,
    });
    const byStage = Object.fromEntries(
      body.pipeline.map((p: { stage: string; donors: number }) => [p.stage, p.donors]),
    );
    expect(byStage).toMatchObject({ Discovery: 1, Connection: 0, Complete: 1 });

    const owner = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const ownerView = (await t.request("GET", "/api/dashboards/owner", { cookie: owner.cookie })).json();
    expect(ownerView).toMatchObject({ activeCampaigns: 2, totalDonors: 4 });
  });

  it("says 'Organization not found for user.' to an officer without an organisation", async () => {
    const officer = await buildUser(t, { role: "org_officer", organizationId: null });
    const res = await t.request("GET", "/api/dashboards/officer", { cookie: officer.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Organization not found for user.");
  });
});
