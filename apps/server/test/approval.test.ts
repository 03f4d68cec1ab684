import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  APPROVAL_REQUIRED_MESSAGE,
  CHANGE_ADMIN_ROLE_DENIED_MESSAGE,
  DECLINE_APPROVED_USER_MESSAGE,
  REMOVE_ADMIN_ROLE_DENIED_MESSAGE,
} from "@cultivate/shared";
import {
  campaigns,
  donorChanges,
  donorGroups,
  donorImportBatches,
  donors,
  emailOutbox,
  issues,
  organizations,
  roles,
  savedDonorGroups,
  stages,
  userActions,
  userProfiles,
  userRoles,
} from "../src/db/schema.ts";
import { LAST_OWNER_MESSAGE } from "../src/policy/policy.ts";
import {
  buildDonor,
  buildOrg,
  buildUser,
  createTestApp,
  registerUser,
  signIn,
  uniqueEmail,
  validOnboarding,
  type TestApp,
} from "./helpers.ts";
import { twoOrganizations } from "./fixtures.ts";

/**
 * Issue 11 item 1 and item 11: approval gates every organisation's data; joining an organisation
 * through onboarding is a request its owners and the admins decide; decline; a member never moves;
 * the last owner; what an owner hears when touching an admin; deleting an organisation.
 */
let t: TestApp;
let riverside: { id: string; name: string };
let admin: Awaited<ReturnType<typeof buildUser>>;
let owner: Awaited<ReturnType<typeof buildUser>>;
let otherOwner: Awaited<ReturnType<typeof buildUser>>;
let donor: Awaited<ReturnType<typeof buildDonor>>;
let campaignId: string;
let groupId: string;

beforeAll(async () => {
  t = await createTestApp();
  // Riverside's own donor, campaign and group follow; the fixture's would only add rows.
  const { a, b } = await twoOrganizations(t, { names: ["Riverside Arts Council", "Other Foundation"], records: false });
  riverside = a.org;
  admin = await buildUser(t, { role: "admin", organizationId: null });
  owner = a.owner;
  otherOwner = b.owner;
  donor = await buildDonor(t, riverside.id, {
    firstName: "Ruth",
    lastName: "Secret",
    email: "ruth@example.org",
    notes: "<p>private</p>",
  });
  const [c] = await t.db
    .insert(campaigns)
    .values({
      organizationId: riverside.id,
      name: "Spring Gala",
      goal: "$5",
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      ownerUserId: owner.userId,
    })
    .returning();
  campaignId = c!.id;
  const [g] = await t.db
    .insert(donorGroups)
    .values({ organizationId: riverside.id, name: "Major donors", userId: owner.userId })
    .returning();
  groupId = g!.id;
});
afterAll(async () => {
  await t?.close();
});

const rolesOf = async (userId: string) =>
  (
    await t.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId))
  ).map((r) => r.name);
const profileOf = async (userId: string) =>
  (await t.db.select().from(userProfiles).where(eq(userProfiles.id, userId)))[0]!;
const mailsTo = async (to: string, kind: string) =>
  await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));

/** Registers and submits the onboarding form naming `organizationName` in whatever case. */
async function apply(organizationName = "riverside arts council", names = { firstName: "Grace", lastName: "Hopper" }) {
  const u = await registerUser(t);
  const res = await t.request("POST", "/api/onboarding", {
    cookie: u.cookie,
    body: validOnboarding({ organizationName, ...names, cultivateUse: "Steward our major donors" }),
  });
  expect(res.statusCode).toBe(201);
  return { ...u, organization: res.json().organization as { id: string; name: string } };
}

/** Every tenant route an applicant of Riverside might try, with a valid request. */
const tenantCalls = () =>
  [
    ["GET", "/api/donors", undefined],
    ["GET", "/api/donors/export", undefined],
    ["GET", `/api/donors?organizationId=${riverside.id}`, undefined],
    ["GET", `/api/donors/${donor.id}`, undefined],
    ["PUT", `/api/donors/${donor.id}/notes`, { notes: "<p>written by an applicant</p>" }],
    ["GET", `/api/donors/${donor.id}/stage-workspace`, undefined],
    ["PUT", `/api/donors/${donor.id}/campaign-goals/${campaignId}`, { goalText: "A goal" }],
    ["POST", `/api/donors/${donor.id}/stages/preview`, { stage: "Discovery", campaignId }],
    ["DELETE", `/api/donors/${donor.id}/stages`, undefined],
    ["GET", "/api/campaigns", undefined],
    [
      "POST",
      "/api/campaigns",
      { name: "Applicant campaign", goal: "$1", startDate: "2026-01-01", endDate: "2026-02-01" },
    ],
    ["PATCH", `/api/campaigns/${campaignId}`, { name: "Renamed" }],
    ["GET", `/api/campaigns/${campaignId}/donors`, undefined],
    ["GET", "/api/donor-groups", undefined],
    ["POST", "/api/donor-groups", { name: "Applicant group" }],
    ["POST", `/api/donor-groups/${groupId}/members`, { donorIds: [donor.id] }],
    ["GET", "/api/saved-donor-groups", undefined],
    ["POST", "/api/saved-donor-groups", { name: "Saved", filterSettings: {} }],
    ["GET", "/api/donors/imports", undefined],
    ["GET", "/api/dashboards/officer", undefined],
    ["GET", "/api/dashboards/owner", undefined],
    ["GET", "/api/actions", undefined],
    ["GET", "/api/actions/summary", undefined],
    ["GET", "/api/actions/export", undefined],
    ["GET", "/api/admin/users", undefined],
    ["POST", "/api/functions/generatePrompt", { stage: "Discovery", donor: { id: donor.id } }],
  ] as const;

async function expectLockedOut(cookie: string) {
  for (const [method, url, body] of tenantCalls()) {
    const res = await t.request(method, url, { cookie, ...(body !== undefined ? { body } : {}) });
    expect(res.statusCode, `${method} ${url}`).toBe(403);
    expect(res.json(), `${method} ${url}`).toEqual({ error: "approval_required", message: APPROVAL_REQUIRED_MESSAGE });
  }
}

describe("an applicant who names an existing organisation", () => {
  it("is linked as an applicant (submitted) to the organisation as stored, and sees none of its data (403 approval_required)", async () => {
    const a = await apply("riverside arts council");
    expect(a.organization).toEqual({ id: riverside.id, name: "Riverside Arts Council" });
    expect(await profileOf(a.userId)).toMatchObject({ organizationId: riverside.id, onboardingStatus: "submitted" });
    expect((await t.request("GET", "/api/me", { cookie: a.cookie })).json()).toMatchObject({
      onboardingStatus: "submitted",
      dashboard: "/pending-approval",
    });

    await expectLockedOut(a.cookie);

    // Nothing was written on its behalf.
    const [d] = await t.db.select().from(donors).where(eq(donors.id, donor.id));
    expect(d!.notes).toBe("<p>private</p>");
    expect(await t.db.select().from(donorChanges).where(eq(donorChanges.userId, a.userId))).toHaveLength(0);
    expect(await t.db.select().from(campaigns).where(eq(campaigns.ownerUserId, a.userId))).toHaveLength(0);
    expect(await t.db.select().from(donorGroups).where(eq(donorGroups.userId, a.userId))).toHaveLength(0);
    expect(await t.db.select().from(savedDonorGroups).where(eq(savedDonorGroups.userId, a.userId))).toHaveLength(0);
  });

  it("stays locked out whatever roles it is given, until it is approved", async () => {
    for (const role of ["org_owner", "org_manager", "admin"] as const) {
      const u = await buildUser(t, { role, status: "submitted", organizationId: riverside.id });
      await expectLockedOut(u.cookie);
      const orgs = await t.request("GET", "/api/admin/organizations", { cookie: u.cookie });
      expect(orgs.statusCode).toBe(403);
      expect(orgs.json().error).toBe("approval_required");
    }
    const pending = await buildUser(t, { role: "org_officer", status: "pending", organizationId: riverside.id });
    await expectLockedOut(pending.cookie);
  });

  it("keeps its account pages: /api/me, support issues of its own, the AI setting, sign-out", async () => {
    const a = await apply("RIVERSIDE ARTS COUNCIL");
    const staffIssue = await t.request("POST", "/api/issues", {
      cookie: owner.cookie,
      body: { type: "bug", title: "Staff only", description: "An issue of the organisation" },
    });
    expect(staffIssue.statusCode).toBe(201);

    expect((await t.request("GET", "/api/me", { cookie: a.cookie })).statusCode).toBe(200);
    expect((await t.request("GET", "/api/settings/ai-provider", { cookie: a.cookie })).statusCode).toBe(200);
    const mine = await t.request("POST", "/api/issues", {
      cookie: a.cookie,
      body: { type: "bug", title: "Waiting", description: "When am I approved?" },
    });
    expect(mine.statusCode).toBe(201);
    const list = await t.request("GET", "/api/issues", { cookie: a.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().issues.map((i: { id: string }) => i.id)).toEqual([mine.json().id]);
    expect((await t.request("GET", `/api/issues/${mine.json().id}`, { cookie: a.cookie })).statusCode).toBe(200);
    expect((await t.request("GET", `/api/issues/${staffIssue.json().id}`, { cookie: a.cookie })).statusCode).toBe(404);
    expect(
      (await t.request("GET", `/api/issues?organizationId=${riverside.id}`, { cookie: a.cookie })).statusCode,
    ).toBe(403);
    const edit = await t.request("PATCH", `/api/issues/${mine.json().id}`, {
      cookie: a.cookie,
      body: { title: "Still waiting" },
    });
    expect(edit.statusCode).toBe(200);

    // Its own page views are recorded, but not filed under the organisation it applied to.
    const tracked = await t.request("POST", "/api/functions/trackAction", {
      cookie: a.cookie,
      body: {
        actionType: "navigation",
        actionName: "page_view",
        resourceType: "page",
        resourceId: "/pending-approval",
      },
    });
    expect(tracked.statusCode).toBe(201);
    const [row] = await t.db.select().from(userActions).where(eq(userActions.id, tracked.json().id));
    expect(row!.organizationId).toBeNull();

    expect((await t.request("POST", "/api/auth/sign-out", { cookie: a.cookie, body: {} })).statusCode).toBe(200);
  });

  it("emails the organisation's owners and the platform admins at once with its name, email and answers", async () => {
    const a = await apply("riverside ARTS council", { firstName: "Katherine", lastName: "Johnson" });
    for (const to of [owner.email, admin.email]) {
      const [mail] = (await mailsTo(to, "onboarding_submitted")).filter((m) => m.text.includes(a.email));
      expect(mail, to).toBeDefined();
      expect(mail!.subject).toBe("Katherine Johnson asks to join Riverside Arts Council on Cultivate");
      expect(mail!.text).toContain("Name: Katherine Johnson");
      expect(mail!.text).toContain(`Email: ${a.email}`);
      expect(mail!.text).toContain("Organization: Riverside Arts Council");
      expect(mail!.text).toContain("Steward our major donors");
      expect(mail!.text).toContain("Annual budget: $1M–$4.9M");
    }
    // Another organisation's owner hears nothing of it.
    expect(
      (await mailsTo(otherOwner.email, "onboarding_submitted")).filter((m) => m.text.includes(a.email)),
    ).toHaveLength(0);
  });

  it("a brand-new organisation is emailed to the admins only", async () => {
    const a = await apply(`Brand New Org ${Date.now()}`);
    expect((await mailsTo(admin.email, "onboarding_submitted")).some((m) => m.text.includes(a.email))).toBe(true);
    expect((await mailsTo(owner.email, "onboarding_submitted")).some((m) => m.text.includes(a.email))).toBe(false);
  });
});

describe("owners and admins decide on applicants", () => {
  it("shows the owner each applicant with name, role, organisation and answers; approve lets it in", async () => {
    const a = await apply("riverside arts council", { firstName: "Dorothy", lastName: "Vaughan" });
    const list = await t.request("GET", "/api/admin/users", { cookie: owner.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().permissions.decideApplications).toBe(true);
    const row = list.json().users.find((u: { id: string }) => u.id === a.userId);
    expect(row).toMatchObject({
      email: a.email,
      name: "Dorothy Vaughan",
      organizationName: "Riverside Arts Council",
      onboardingStatus: "submitted",
      roles: ["org_officer"],
      application: {
        organizationName: "riverside arts council",
        firstName: "Dorothy",
        lastName: "Vaughan",
        role: "Director of Development",
        cultivateUse: "Steward our major donors",
        fundraisingTypes: ["Major Gifts", "Capital Campaigns"],
      },
    });
    // An approved member's answers stay out of the list.
    expect(list.json().users.find((u: { id: string }) => u.id === owner.userId).application).toBeNull();

    const approved = await t.request("POST", `/api/admin/users/${a.userId}/approve`, { cookie: owner.cookie });
    expect(approved.statusCode).toBe(200);
    expect((await t.request("GET", "/api/donors", { cookie: a.cookie })).statusCode).toBe(200);
    expect((await t.request("GET", `/api/donors/${donor.id}/stage-workspace`, { cookie: a.cookie })).statusCode).toBe(
      200,
    );
    expect((await t.request("GET", "/api/dashboards/officer", { cookie: a.cookie })).statusCode).toBe(200);
  });

  it("names the organisation as stored in the approval email, not as typed", async () => {
    const a = await apply("rIvErSiDe aRtS cOuNcIl");
    expect((await t.request("POST", `/api/admin/users/${a.userId}/approve`, { cookie: admin.cookie })).statusCode).toBe(
      200,
    );
    const [mail] = await mailsTo(a.email, "user_approved");
    expect(mail!.text).toContain("for Riverside Arts Council has been approved");
    expect(mail!.text).not.toContain("rIvErSiDe");
  });

  it("decline detaches the applicant, takes its organisation roles, sends it back to onboarding, emails it and is logged", async () => {
    const a = await apply("riverside arts council", { firstName: "Mary", lastName: "Jackson" });
    const res = await t.request("POST", `/api/admin/users/${a.userId}/decline`, { cookie: owner.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      emailSent: true,
      emailError: null,
      user: { organizationId: null, onboardingStatus: "pending", roles: [] },
    });
    expect(await profileOf(a.userId)).toMatchObject({ organizationId: null, onboardingStatus: "pending" });
    expect(await rolesOf(a.userId)).toEqual([]);
    const [mail] = await mailsTo(a.email, "application_declined");
    expect(mail!.text).toContain("join Riverside Arts Council");

    await t.app.activity.flush();
    const [logged] = await t.db
      .select()
      .from(userActions)
      .where(and(eq(userActions.actionName, "user_decline"), eq(userActions.resourceId, a.userId)));
    expect(logged).toMatchObject({ userId: owner.userId, success: true });

    // It sees the onboarding path again and may apply again.
    const me = (await t.request("GET", "/api/me", { cookie: a.cookie })).json();
    expect(me).toMatchObject({
      onboardingStatus: "pending",
      organization: null,
      roles: [],
      dashboard: "/onboarding-form",
    });
    const again = await t.request("POST", "/api/onboarding", {
      cookie: a.cookie,
      body: validOnboarding({ organizationName: "Riverside Arts Council" }),
    });
    expect(again.statusCode).toBe(201);
    expect(await profileOf(a.userId)).toMatchObject({ organizationId: riverside.id, onboardingStatus: "submitted" });
  });

  it("admins decline too; an approved member cannot be declined (409); others cannot decline (403/404)", async () => {
    const a = await apply("riverside arts council");
    const officer = await buildUser(t, { role: "org_officer", organizationId: riverside.id });
    const byOfficer = await t.request("POST", `/api/admin/users/${a.userId}/decline`, { cookie: officer.cookie });
    expect(byOfficer.statusCode).toBe(403);
    expect(
      (await t.request("POST", `/api/admin/users/${a.userId}/decline`, { cookie: otherOwner.cookie })).statusCode,
    ).toBe(404);
    expect((await t.request("POST", `/api/admin/users/${a.userId}/decline`)).statusCode).toBe(401);
    const member = await t.request("POST", `/api/admin/users/${officer.userId}/decline`, { cookie: owner.cookie });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(DECLINE_APPROVED_USER_MESSAGE);
    expect(await profileOf(officer.userId)).toMatchObject({
      organizationId: riverside.id,
      onboardingStatus: "approved",
    });
    expect((await t.request("POST", `/api/admin/users/${a.userId}/decline`, { cookie: admin.cookie })).statusCode).toBe(
      200,
    );
  });
});

describe("onboarding never moves a member", () => {
  it("a user an owner created stays in the owner's organisation whatever organisation the form names, and keeps its role", async () => {
    const email = uniqueEmail("member");
    const created = await t.request("POST", "/api/admin/users", {
      cookie: owner.cookie,
      body: { email, password: "password123", confirmPassword: "password123" },
    });
    expect(created.statusCode).toBe(201);
    const userId = created.json().user.id as string;
    expect(
      (
        await t.request("PUT", `/api/admin/users/${userId}/role`, {
          cookie: owner.cookie,
          body: { role: "org_manager" },
        })
      ).statusCode,
    ).toBe(200);
    const cookie = await signIn(t, email, "password123");
    const res = await t.request("POST", "/api/onboarding", {
      cookie,
      body: validOnboarding({ organizationName: "other foundation" }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().organization).toEqual({ id: riverside.id, name: "Riverside Arts Council" });
    expect(await profileOf(userId)).toMatchObject({ organizationId: riverside.id, onboardingStatus: "submitted" });
    expect(await rolesOf(userId)).toEqual(["org_manager"]);
    // The other organisation never saw it; the owner who created it is asked to approve.
    expect(
      (await t.request("GET", "/api/admin/users", { cookie: otherOwner.cookie }))
        .json()
        .users.some((u: { id: string }) => u.id === userId),
    ).toBe(false);
    expect((await mailsTo(owner.email, "onboarding_submitted")).some((m) => m.text.includes(email))).toBe(true);
    expect((await mailsTo(otherOwner.email, "onboarding_submitted")).some((m) => m.text.includes(email))).toBe(false);
    // Naming an organisation that does not exist creates nothing for a member.
    const before = (await t.db.select().from(organizations)).length;
    await t.db.update(userProfiles).set({ onboardingStatus: "pending" }).where(eq(userProfiles.id, userId));
    await t.request("POST", "/api/onboarding", {
      cookie,
      body: validOnboarding({ organizationName: "Nowhere Charity" }),
    });
    expect((await t.db.select().from(organizations)).length).toBe(before);
    expect(await profileOf(userId)).toMatchObject({ organizationId: riverside.id });
  });
});

describe("an organisation keeps at least one owner", () => {
  it("refuses (409) the last owner giving up their own owner role; allows it once another owner exists; admins are not held", async () => {
    const org = await buildOrg(t);
    const solo = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const change = await t.request("PUT", `/api/admin/users/${solo.userId}/role`, {
      cookie: solo.cookie,
      body: { role: "org_manager" },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json()).toEqual({ error: "conflict", message: LAST_OWNER_MESSAGE });
    const remove = await t.request("DELETE", `/api/admin/users/${solo.userId}/roles/org_owner`, {
      cookie: solo.cookie,
    });
    expect(remove.statusCode).toBe(409);
    expect(await rolesOf(solo.userId)).toEqual(["org_owner"]);
    // Re-assigning the same role is no loss.
    expect(
      (
        await t.request("PUT", `/api/admin/users/${solo.userId}/role`, {
          cookie: solo.cookie,
          body: { role: "org_owner" },
        })
      ).statusCode,
    ).toBe(200);

    // An applicant holding org_owner does not count as an owner.
    await buildUser(t, { role: "org_owner", status: "submitted", organizationId: org.id });
    expect(
      (await t.request("DELETE", `/api/admin/users/${solo.userId}/roles/org_owner`, { cookie: solo.cookie }))
        .statusCode,
    ).toBe(409);

    const second = await buildUser(t, { role: "org_owner", organizationId: org.id });
    expect(
      (
        await t.request("PUT", `/api/admin/users/${solo.userId}/role`, {
          cookie: solo.cookie,
          body: { role: "org_manager" },
        })
      ).statusCode,
    ).toBe(200);
    // Now `second` is the last one; an admin may still demote them (admins repair organisations).
    expect(
      (await t.request("DELETE", `/api/admin/users/${second.userId}/roles/org_owner`, { cookie: second.cookie }))
        .statusCode,
    ).toBe(409);
    expect(
      (await t.request("DELETE", `/api/admin/users/${second.userId}/roles/org_owner`, { cookie: admin.cookie }))
        .statusCode,
    ).toBe(200);
  });
});

describe("an owner touching an admin", () => {
  it("hears exactly what was refused, and nothing changes", async () => {
    const adminInOrg = await buildUser(t, { role: "admin", organizationId: riverside.id });
    const change = await t.request("PUT", `/api/admin/users/${adminInOrg.userId}/role`, {
      cookie: owner.cookie,
      body: { role: "org_officer" },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe(CHANGE_ADMIN_ROLE_DENIED_MESSAGE);
    const remove = await t.request("DELETE", `/api/admin/users/${adminInOrg.userId}/roles/admin`, {
      cookie: owner.cookie,
    });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe(REMOVE_ADMIN_ROLE_DENIED_MESSAGE);
    const grant = await t.request("PUT", `/api/admin/users/${owner.userId}/role`, {
      cookie: owner.cookie,
      body: { role: "admin" },
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe("Only administrators can grant the admin role.");
    expect(await rolesOf(adminInOrg.userId)).toEqual(["admin"]);
  });
});

describe("deleting an organisation", () => {
  it("previews everything it removes, support issues included, and detached users go back to onboarding without organisation roles", async () => {
    const org = await buildOrg(t, "Doomed Trust");
    const orgOwner = await buildUser(t, { role: "org_owner", organizationId: org.id });
    const orgAdmin = await buildUser(t, { role: "admin", organizationId: org.id });
    const d = await buildDonor(t, org.id);
    await buildDonor(t, org.id);
    const [c] = await t.db
      .insert(campaigns)
      .values({ organizationId: org.id, name: "Gala", goal: "$5", startDate: "2025-01-01", endDate: "2025-02-01" })
      .returning();
    await t.db
      .insert(stages)
      .values({ donorId: d.id, organizationId: org.id, stageName: "Discovery", campaignId: c!.id });
    await t.db.insert(donorGroups).values({ organizationId: org.id, name: "G", userId: orgOwner.userId });
    await t.db
      .insert(savedDonorGroups)
      .values({ organizationId: org.id, name: "S", userId: orgOwner.userId, filterSettings: {} });
    await t.db.insert(donorImportBatches).values({ organizationId: org.id, userId: orgOwner.userId, rowsTotal: 2 });
    await t.db
      .insert(donorChanges)
      .values({ donorId: d.id, organizationId: org.id, userId: orgOwner.userId, source: "screen", changes: [] });
    const issue = await t.request("POST", "/api/issues", {
      cookie: orgOwner.cookie,
      body: { type: "bug", title: "Ours", description: "An issue" },
    });
    expect(issue.statusCode).toBe(201);
    await t.db
      .insert(userActions)
      .values({ userId: orgOwner.userId, organizationId: org.id, actionType: "system", actionName: "kept" });
    await t.app.activity.flush(); // the issue_submit row lands now, not between preview and delete
    const actionRows = (await t.db.select().from(userActions).where(eq(userActions.organizationId, org.id))).length;

    const preview = await t.request("GET", `/api/admin/organizations/${org.id}/delete-preview`, {
      cookie: admin.cookie,
    });
    expect(preview.statusCode).toBe(200);
    const expected = {
      detachedUsers: 2,
      deletedDonors: 2,
      deletedCampaigns: 1,
      deletedCampaignGoals: 0,
      deletedStageRecords: 1,
      deletedDonorGroups: 1,
      deletedSavedGroups: 1,
      deletedImports: 1,
      deletedChangeHistory: 1,
      deletedSupportIssues: 1,
      keptActionHistory: actionRows,
    };
    expect(preview.json()).toEqual({ organization: { id: org.id, name: "Doomed Trust" }, ...expected });
    expect(
      (await t.request("GET", `/api/admin/organizations/${org.id}/delete-preview`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(403);

    const refused = await t.request("DELETE", `/api/admin/organizations/${org.id}`, { cookie: admin.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("1 support issue");

    const res = await t.request("DELETE", `/api/admin/organizations/${org.id}?cascade=true`, { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, ...expected });
    expect(await t.db.select().from(issues).where(eq(issues.id, issue.json().id))).toHaveLength(0);
    expect(await t.db.select().from(stages).where(eq(stages.organizationId, org.id))).toHaveLength(0);
    expect(await t.db.select().from(userActions).where(eq(userActions.actionName, "kept"))).toMatchObject([
      { organizationId: null },
    ]);

    expect(await rolesOf(orgOwner.userId)).toEqual([]);
    expect(await profileOf(orgOwner.userId)).toMatchObject({ organizationId: null, onboardingStatus: "pending" });
    expect((await t.request("GET", "/api/me", { cookie: orgOwner.cookie })).json()).toMatchObject({
      dashboard: "/onboarding-form",
      roles: [],
    });
    // An admin who belonged to it keeps administration.
    expect(await rolesOf(orgAdmin.userId)).toEqual(["admin"]);
    expect(await profileOf(orgAdmin.userId)).toMatchObject({ organizationId: null, onboardingStatus: "approved" });
  });
});
