import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { campaigns, organizations, userActions } from "../src/db/schema.ts";
import { buildDonor, buildUser, createTestApp, type TestApp } from "./helpers.ts";
import { twoOrganizations } from "./fixtures.ts";

/**
 * Issue 11 item 12: every activity row is filed under the organisation whose record it is, not the
 * actor's. Create rows carry the new record's id; a request refused by validation is recorded as failed.
 */
let t: TestApp;
type U = Awaited<ReturnType<typeof buildUser>>;
let demo: { id: string }; // the admin's own organisation
let riverside: { id: string };
let admin: U, demoManager: U, riversideOwner: U;

beforeAll(async () => {
  t = await createTestApp();
  // No fixture records: Riverside's campaigns are counted here.
  const { a, b } = await twoOrganizations(t, { names: ["Demo Foundation", "Riverside Arts Council"], records: false });
  demo = a.org;
  riverside = b.org;
  admin = a.admin;
  demoManager = a.manager;
  riversideOwner = b.owner;
});
afterAll(async () => {
  await t?.close();
});

const rowsOf = async (actionName: string) => {
  await t.app.activity.flush();
  return t.db.select().from(userActions).where(eq(userActions.actionName, actionName)).orderBy(userActions.timestamp);
};
const listed = async (user: U, query = "") => {
  await t.app.activity.flush();
  const res = await t.request("GET", `/api/actions?limit=200${query}`, { cookie: user.cookie });
  expect(res.statusCode).toBe(200);
  return res.json().items as {
    id: string;
    actionName: string;
    organizationId: string | null;
    resourceId: string | null;
    details: Record<string, unknown>;
  }[];
};

describe("activity rows belong to the record's organisation", () => {
  it("an admin creating a campaign for Riverside files it under Riverside, with the new campaign's id", async () => {
    const res = await t.request("POST", "/api/campaigns", {
      cookie: admin.cookie,
      body: {
        name: "Riverside Spring Gala",
        goal: "$50,000",
        startDate: "2026-03-01",
        endDate: "2026-05-31",
        organizationId: riverside.id,
      },
    });
    expect(res.statusCode).toBe(201);
    const campaignId = res.json().id as string;

    const rows = (await rowsOf("campaign_create")).filter((r) => r.userId === admin.userId);
    expect(rows.map((r) => (r.details as { phase: string }).phase)).toEqual(["start", "success"]);
    expect(rows.every((r) => r.organizationId === riverside.id)).toBe(true);
    expect(rows[1]!.resourceId).toBe(campaignId);

    // Riverside's owner sees both rows; Demo Foundation's manager sees neither, nor exports them.
    const theirs = await listed(riversideOwner, "&actionName=campaign_create");
    expect(
      theirs.filter((r) => r.resourceId === campaignId || r.details.name === "Riverside Spring Gala"),
    ).toHaveLength(2);
    expect((await listed(demoManager)).some((r) => JSON.stringify(r).includes("Riverside"))).toBe(false);
    const csv = await t.request("GET", "/api/actions/export", { cookie: demoManager.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain("Riverside");
    expect(csv.body).not.toContain(campaignId);
    const summary = (
      await t.request("GET", "/api/actions/summary?actionType=campaign_management", { cookie: demoManager.cookie })
    ).json();
    expect(summary.total).toBe(0);

    // The update and delete of that campaign go to Riverside too.
    expect(
      (await t.request("PATCH", `/api/campaigns/${campaignId}`, { cookie: admin.cookie, body: { goal: "$60,000" } }))
        .statusCode,
    ).toBe(200);
    expect((await t.request("DELETE", `/api/campaigns/${campaignId}`, { cookie: admin.cookie })).statusCode).toBe(204);
    for (const name of ["campaign_update", "campaign_delete"]) {
      const r = (await rowsOf(name)).filter((x) => x.resourceId === campaignId);
      expect(r.length).toBeGreaterThan(0);
      expect(r.every((x) => x.organizationId === riverside.id)).toBe(true);
    }
  });

  it("donor, group, stage, user, issue and organisation work of an admin is filed under the organisation concerned", async () => {
    await t.request("PUT", "/api/settings/ai-provider", { cookie: admin.cookie, body: { provider: "offline" } });
    const donor = await buildDonor(t, riverside.id, { firstName: "Rita", lastName: "River" });
    expect(
      (
        await t.request("PUT", `/api/donors/${donor.id}/notes`, {
          cookie: admin.cookie,
          body: { notes: "Met at the gala" },
        })
      ).statusCode,
    ).toBe(200);
    const group = await t.request("POST", "/api/donor-groups", {
      cookie: admin.cookie,
      body: { name: "Riverside regulars", organizationId: riverside.id },
    });
    expect(group.statusCode).toBe(201);
    expect(
      (
        await t.request("POST", `/api/donor-groups/${group.json().id}/members`, {
          cookie: admin.cookie,
          body: { donorIds: [donor.id] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.request("POST", `/api/donors/${donor.id}/stages/preview`, {
          cookie: admin.cookie,
          body: { stage: "Connection", prepNotes: "Call her" },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.request("POST", "/api/functions/generatePrompt", {
          cookie: admin.cookie,
          body: { donor: { id: donor.id }, stage: "Connection" },
        })
      ).statusCode,
    ).toBe(200);
    const created = await t.request("POST", "/api/admin/users", {
      cookie: admin.cookie,
      body: {
        email: "newbie@riverside.example",
        password: "password123",
        confirmPassword: "password123",
        organizationId: riverside.id,
      },
    });
    expect(created.statusCode).toBe(201);
    const newUserId = created.json().user.id as string;
    const issue = await t.request("POST", "/api/issues", {
      cookie: riversideOwner.cookie,
      body: { type: "bug", title: "River bug", description: "Broken" },
    });
    expect(issue.statusCode).toBe(201);
    expect(
      (await t.request("PATCH", `/api/issues/${issue.json().id}`, { cookie: admin.cookie, body: { status: "active" } }))
        .statusCode,
    ).toBe(200);

    const expectUnder = async (actionName: string, organizationId: string | null, resourceId?: string) => {
      const rows = (await rowsOf(actionName)).filter((r) => r.userId === admin.userId);
      expect(rows.length, actionName).toBeGreaterThan(0);
      const last = rows.at(-1)!;
      expect(last.organizationId, actionName).toBe(organizationId);
      if (resourceId) expect(last.resourceId, actionName).toBe(resourceId);
    };
    await expectUnder("save_donor_notes", riverside.id, donor.id);
    await expectUnder("create_donor_group", riverside.id, group.json().id);
    await expectUnder("add_to_group", riverside.id, group.json().id);
    await expectUnder("ai_preview", riverside.id, donor.id);
    await expectUnder("ai_generate_function", riverside.id, donor.id);
    await expectUnder("user_create", riverside.id, newUserId);
    await expectUnder("issue_update", riverside.id, issue.json().id);
    // Platform-wide: no organisation's record, so only admins see it.
    await expectUnder("ai_provider_change", null);

    const org = await t.request("POST", "/api/admin/organizations", {
      cookie: admin.cookie,
      body: { name: "Hillside Choir" },
    });
    expect(org.statusCode).toBe(201);
    await expectUnder("organization_create", org.json().id, org.json().id);

    // Moving a user between organisations is told to both.
    const mover = await buildUser(t, { role: "org_officer", organizationId: demo.id });
    expect(
      (
        await t.request("PUT", `/api/admin/users/${mover.userId}/organization`, {
          cookie: admin.cookie,
          body: { organizationId: riverside.id },
        })
      ).statusCode,
    ).toBe(200);
    const moves = (await rowsOf("user_organization_change")).filter((r) => r.resourceId === mover.userId);
    expect(moves.map((r) => r.organizationId).sort()).toEqual([demo.id, riverside.id].sort());

    const seenByDemo = await listed(demoManager);
    for (const r of seenByDemo) expect(r.organizationId).toBe(demo.id);
    expect(seenByDemo.map((r) => r.actionName)).not.toContain("save_donor_notes");
    expect(seenByDemo.map((r) => r.actionName)).not.toContain("ai_provider_change");
    const seenByRiverside = (await listed(riversideOwner)).map((r) => r.actionName);
    for (const name of [
      "save_donor_notes",
      "create_donor_group",
      "ai_preview",
      "user_create",
      "issue_update",
      "user_organization_change",
    ]) {
      expect(seenByRiverside, name).toContain(name);
    }
  });

  it("records a request refused by validation as failed, with the message", async () => {
    const bad = await t.request("POST", "/api/campaigns", {
      cookie: riversideOwner.cookie,
      body: { name: "", goal: "$1", startDate: "2026-02-31", endDate: "2026-12-31" },
    });
    expect(bad.statusCode).toBe(400);
    const [failed] = (await rowsOf("campaign_create")).filter((r) => r.userId === riversideOwner.userId);
    expect(failed).toMatchObject({ success: false, organizationId: riverside.id });
    expect(failed!.errorMessage).toBeTruthy();
    expect((failed!.details as { phase: string }).phase).toBe("failed");
    expect(await t.db.select().from(campaigns).where(eq(campaigns.organizationId, riverside.id))).toEqual([]);

    const mine = await t.request("POST", "/api/campaigns", {
      cookie: riversideOwner.cookie,
      body: { name: "Autumn appeal", goal: "$5,000", startDate: "2026-09-01", endDate: "2026-11-30" },
    });
    const id = mine.json().id as string;
    const badPatch = await t.request("PATCH", `/api/campaigns/${id}`, {
      cookie: riversideOwner.cookie,
      body: { startDate: "not a date" },
    });
    expect(badPatch.statusCode).toBe(400);
    const updates = (await rowsOf("campaign_update")).filter((r) => r.resourceId === id);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ success: false, organizationId: riverside.id });

    // An admin's refused request names no organisation yet: it stays with the admins, not Demo Foundation.
    expect((await t.request("POST", "/api/campaigns", { cookie: admin.cookie, body: { name: "x" } })).statusCode).toBe(
      400,
    );
    const adminFailed = (await rowsOf("campaign_create")).filter((r) => r.userId === admin.userId && !r.success);
    expect(adminFailed).toHaveLength(1);
    expect(adminFailed[0]!.organizationId).toBeNull();

    const badNotes = await t.request("PUT", `/api/donors/${(await buildDonor(t, riverside.id)).id}/notes`, {
      cookie: riversideOwner.cookie,
      body: { notes: 42 },
    });
    expect(badNotes.statusCode).toBe(400);
    expect(
      (await rowsOf("save_donor_notes")).filter((r) => r.userId === riversideOwner.userId && !r.success),
    ).toHaveLength(1);

    // A refused path id is not copied into the log (it may hold anything, NUL included).
    expect(
      (await t.request("PATCH", "/api/campaigns/%00", { cookie: riversideOwner.cookie, body: { name: "x" } }))
        .statusCode,
    ).toBe(400);
    const refusedPath = (await rowsOf("campaign_update")).filter(
      (r) => r.userId === riversideOwner.userId && r.resourceId === null,
    );
    expect(refusedPath).toHaveLength(1);
    expect(refusedPath[0]!.success).toBe(false);

    // Signed-out visitors are never tracked.
    const before = (await rowsOf("campaign_create")).length;
    expect((await t.request("POST", "/api/campaigns", { body: { name: "" } })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await rowsOf("campaign_create")).length).toBe(before);
  });

  it("an admin's page views (often another organisation's pages) are filed under no organisation", async () => {
    const donor = await buildDonor(t, riverside.id, { firstName: "Paula", lastName: "Pageview" });
    const res = await t.request("POST", "/api/functions/trackAction", {
      cookie: admin.cookie,
      body: {
        actionType: "navigation",
        actionName: "page_view",
        resourceType: "page",
        resourceId: `/donor/${donor.id}`,
        details: { path: `/donor/${donor.id}`, title: "Paula Pageview" },
      },
    });
    expect(res.statusCode).toBeLessThan(300);
    const [row] = (await rowsOf("page_view")).filter((r) => r.userId === admin.userId);
    expect(row!.organizationId).toBeNull();
    expect((await listed(demoManager)).some((r) => JSON.stringify(r).includes(donor.id))).toBe(false);
  });

  it("an admin naming an organisation that does not exist files nothing under it and loses no row", async () => {
    const ghost = "00000000-0000-4000-8000-000000000000";
    const res = await t.request("POST", "/api/campaigns", {
      cookie: admin.cookie,
      body: { name: "Ghost", goal: "$1", startDate: "2026-01-01", endDate: "2026-01-02", organizationId: ghost },
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await t.request("GET", `/api/actions/export?organizationId=${ghost}`, { cookie: admin.cookie })).statusCode,
    ).toBe(200);
    const exports = (await rowsOf("actions_export")).filter((r) => r.userId === admin.userId);
    expect(exports.at(-1)!.organizationId).toBeNull();
    expect(await t.db.select().from(organizations).where(eq(organizations.id, ghost))).toEqual([]);
    // The queue is not stuck: a later action is written.
    const before = (await rowsOf("ai_provider_change")).length;
    expect(
      (await t.request("PUT", "/api/settings/ai-provider", { cookie: admin.cookie, body: { provider: "offline" } }))
        .statusCode,
    ).toBe(200);
    expect((await rowsOf("ai_provider_change")).length).toBe(before + 1);
  });
});
