import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { campaignGoals, roles, stages, userRoles } from "../src/db/schema.ts";
import { buildDonor, buildUser, createTestApp, type TestApp } from "./helpers.ts";
import { twoOrganizations } from "./fixtures.ts";

/**
 * Issue 11 item 7: an officer who is not also admin, owner or manager sees only the campaigns they own,
 * everywhere a campaign is read or written (a colleague's is 404); archived campaigns take no new donor work.
 */
let t: TestApp;
let org: { id: string };
type U = Awaited<ReturnType<typeof buildUser>>;
let admin: U, owner: U, officer: U, colleague: U, officerManager: U;
let mine: string, colleagues: string, ownersArchived: string, theirs: string;

const campaign = async (user: U, name: string) => {
  const res = await t.request("POST", "/api/campaigns", {
    cookie: user.cookie,
    body: { name, goal: "$100,000", startDate: "2026-01-01", endDate: "2026-12-31" },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};

beforeAll(async () => {
  t = await createTestApp();
  // Without the fixture's records: the officer's campaigns are counted here.
  const { a, b } = await twoOrganizations(t, { records: false });
  org = a.org;
  admin = await buildUser(t, { role: "admin", organizationId: null });
  owner = a.owner;
  officer = a.officer;
  colleague = await buildUser(t, { role: "org_officer", organizationId: org.id });
  officerManager = await buildUser(t, { role: "org_officer", organizationId: org.id });
  const [manager] = await t.db.select().from(roles).where(eq(roles.name, "org_manager"));
  await t.db.insert(userRoles).values({ userId: officerManager.userId, roleId: manager!.id });
  mine = await campaign(officer, "Officer's own drive");
  colleagues = await campaign(colleague, "Colleague's gala");
  ownersArchived = await campaign(owner, "Owner's old appeal");
  theirs = await campaign(b.owner, "Other org's drive");
  expect(
    (await t.request("PUT", "/api/settings/ai-provider", { cookie: admin.cookie, body: { provider: "offline" } }))
      .statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const workspace = async (user: U, donorId: string) => {
  const res = await t.request("GET", `/api/donors/${donorId}/stage-workspace`, { cookie: user.cookie });
  expect(res.statusCode).toBe(200);
  return res.json() as { campaigns: { id: string }[]; goals: { campaignId: string; goalText: string }[] };
};

describe("an officer sees only their own campaigns", () => {
  it("the stage workspace lists only the officer's campaigns and their goals; owners and officer-managers see all", async () => {
    const donor = await buildDonor(t, org.id);
    expect(
      (
        await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${colleagues}`, {
          cookie: colleague.cookie,
          body: { goalText: "Colleague's private goal" },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${mine}`, {
          cookie: officer.cookie,
          body: { goalText: "My goal" },
        })
      ).statusCode,
    ).toBe(200);

    const seen = await workspace(officer, donor.id);
    expect(seen.campaigns.map((c) => c.id)).toEqual([mine]);
    expect(seen.goals).toEqual([{ campaignId: mine, goalText: "My goal" }]);
    expect(JSON.stringify(seen)).not.toContain("Colleague");

    for (const user of [owner, officerManager, admin]) {
      const all = await workspace(user, donor.id);
      expect(all.campaigns.map((c) => c.id).sort()).toEqual([mine, colleagues, ownersArchived].sort());
      expect(all.goals.map((g) => g.campaignId).sort()).toEqual([mine, colleagues].sort());
    }
  });

  it("setting a goal on a colleague's campaign is 404 and writes nothing; the owner may", async () => {
    const donor = await buildDonor(t, org.id);
    const res = await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${colleagues}`, {
      cookie: officer.cookie,
      body: { goalText: "hijack" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "not_found", message: "Campaign not found." });
    expect(await t.db.select().from(campaignGoals).where(eq(campaignGoals.donorId, donor.id))).toEqual([]);
    expect(
      (
        await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${colleagues}`, {
          cookie: owner.cookie,
          body: { goalText: "ok" },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${colleagues}`, {
          cookie: officerManager.cookie,
          body: { goalText: "ok too" },
        })
      ).statusCode,
    ).toBe(200);
    // Another organisation's campaign stays 404 for everyone but admins working on that organisation's donor.
    expect(
      (
        await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${theirs}`, {
          cookie: owner.cookie,
          body: { goalText: "x" },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${theirs}`, {
          cookie: admin.cookie,
          body: { goalText: "x" },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("a stage preview or recommendation with a colleague's campaign is 404 and saves nothing", async () => {
    const donor = await buildDonor(t, org.id);
    const preview = await t.request("POST", `/api/donors/${donor.id}/stages/preview`, {
      cookie: officer.cookie,
      body: { stage: "Discovery", campaignId: colleagues },
    });
    expect(preview.statusCode).toBe(404);
    expect(preview.json().message).toBe("Campaign not found.");
    const generate = await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
      cookie: officer.cookie,
      body: { stage: "Discovery", campaignId: colleagues, prompt: "Plan it." },
    });
    expect(generate.statusCode).toBe(404);
    expect(await t.db.select().from(stages).where(eq(stages.donorId, donor.id))).toEqual([]);

    const own = await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
      cookie: officer.cookie,
      body: { stage: "Discovery", campaignId: mine, prompt: "Plan it." },
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('"type":"done"');
    const owners = await t.request("POST", `/api/donors/${donor.id}/stages/preview`, {
      cookie: owner.cookie,
      body: { stage: "Discovery", campaignId: colleagues },
    });
    expect(owners.statusCode).toBe(200);
  });

  it("a colleague's campaign is 404 on the campaign routes, and the list shows only the officer's own", async () => {
    const list = await t.request("GET", "/api/campaigns?includeArchived=true", { cookie: officer.cookie });
    expect(list.json().campaigns.map((c: { id: string }) => c.id)).toEqual([mine]);
    expect((await t.request("GET", `/api/campaigns/${colleagues}/donors`, { cookie: officer.cookie })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request("PATCH", `/api/campaigns/${colleagues}`, { cookie: officer.cookie, body: { name: "x" } }))
        .statusCode,
    ).toBe(404);
    expect((await t.request("DELETE", `/api/campaigns/${colleagues}`, { cookie: officer.cookie })).statusCode).toBe(
      404,
    );
    expect((await t.request("GET", `/api/campaigns/${mine}/donors`, { cookie: officer.cookie })).statusCode).toBe(200);
  });

  it("the officer dashboard counts only the officer's own campaigns and their donors", async () => {
    const fresh = await buildUser(t, { role: "org_officer", organizationId: org.id });
    const dash = await t.request("GET", "/api/dashboards/officer", { cookie: fresh.cookie });
    expect(dash.statusCode).toBe(200);
    expect(dash.json()).toMatchObject({ ownActiveCampaigns: 0, ownCampaignsTotal: 0, donorsInOwnCampaigns: 0 });
    const mineDash = (await t.request("GET", "/api/dashboards/officer", { cookie: officer.cookie })).json();
    expect(mineDash.ownCampaignsTotal).toBe(1);
  });
});

describe("archived campaigns take no new donor work", () => {
  it("refuses goals and recommendations on an archived campaign with a clear message, and hides it from the workspace", async () => {
    const donor = await buildDonor(t, org.id);
    expect(
      (
        await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${ownersArchived}`, {
          cookie: owner.cookie,
          body: { goalText: "before" },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.request("PATCH", `/api/campaigns/${ownersArchived}`, {
          cookie: owner.cookie,
          body: { isArchived: true },
        })
      ).statusCode,
    ).toBe(200);

    const goal = await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${ownersArchived}`, {
      cookie: owner.cookie,
      body: { goalText: "after" },
    });
    expect(goal.statusCode).toBe(409);
    expect(goal.json()).toEqual({
      error: "conflict",
      message: "This campaign is archived. Unarchive it before setting donor goals.",
    });
    const [kept] = await t.db.select().from(campaignGoals).where(eq(campaignGoals.donorId, donor.id));
    expect(kept!.goalText).toBe("before");

    for (const user of [owner, admin]) {
      const preview = await t.request("POST", `/api/donors/${donor.id}/stages/preview`, {
        cookie: user.cookie,
        body: { stage: "Discovery", campaignId: ownersArchived },
      });
      expect(preview.statusCode).toBe(409);
      expect(preview.json().message).toBe(
        "This campaign is archived. Choose an active campaign, or unarchive it first.",
      );
      const generate = await t.request("POST", `/api/donors/${donor.id}/stages/generate`, {
        cookie: user.cookie,
        body: { stage: "Discovery", campaignId: ownersArchived, prompt: "Plan it." },
      });
      expect(generate.statusCode).toBe(409);
    }
    expect(await t.db.select().from(stages).where(eq(stages.donorId, donor.id))).toEqual([]);
    const ws = await workspace(owner, donor.id);
    expect(ws.campaigns.map((c) => c.id)).not.toContain(ownersArchived);
    expect(ws.goals.map((g) => g.campaignId)).not.toContain(ownersArchived);

    // An officer learns nothing about a colleague's archived campaign: still 404, not 409.
    expect(
      (
        await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${ownersArchived}`, {
          cookie: officer.cookie,
          body: { goalText: "x" },
        })
      ).statusCode,
    ).toBe(404);

    expect(
      (
        await t.request("PATCH", `/api/campaigns/${ownersArchived}`, {
          cookie: owner.cookie,
          body: { isArchived: false },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.request("PUT", `/api/donors/${donor.id}/campaign-goals/${ownersArchived}`, {
          cookie: owner.cookie,
          body: { goalText: "after" },
        })
      ).statusCode,
    ).toBe(200);
  });
});
