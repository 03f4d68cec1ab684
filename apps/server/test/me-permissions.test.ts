import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleName } from "@cultivate/shared";
import { buildOrg, buildUser, createTestApp, type TestApp } from "./helpers.ts";

/**
 * /api/me sends the actor's permissions as the shared policy answers them (docs/decisions/033), so the
 * browser gates pages, links and controls without knowing the roles. An account waiting for approval
 * has none yet, and hears what its roles will open once approved.
 */
let t: TestApp;
let organizationId: string;
beforeAll(async () => {
  t = await createTestApp();
  organizationId = (await buildOrg(t)).id;
});
afterAll(async () => t?.close());

const none = {
  viewDonors: false,
  manageCampaigns: false,
  viewAllCampaigns: false,
  manageUsers: false,
  viewActionHistory: false,
  changeAiProvider: false,
  editPrompts: false,
  manageOrganizations: false,
  readEmailOutbox: false,
  viewAdminDashboard: false,
  viewOwnerDashboard: false,
  viewOfficerDashboard: false,
  seeAllOrganizations: false,
  assignRelationshipManagers: false,
  seeAnyonesNextSteps: false,
  viewCampaignBoard: false,
  moveBoardCards: false,
  manageOrganizationSettings: false,
};
const admin = {
  ...none,
  viewDonors: true,
  viewCampaignBoard: true,
  moveBoardCards: true,
  manageCampaigns: true,
  viewAllCampaigns: true,
  manageUsers: true,
  viewActionHistory: true,
  changeAiProvider: true,
  editPrompts: true,
  manageOrganizations: true,
  readEmailOutbox: true,
  viewAdminDashboard: true,
  seeAllOrganizations: true,
  assignRelationshipManagers: true,
  seeAnyonesNextSteps: true,
  manageOrganizationSettings: true,
};
const owner = {
  ...none,
  viewDonors: true,
  viewCampaignBoard: true,
  moveBoardCards: true,
  manageCampaigns: true,
  viewAllCampaigns: true,
  manageUsers: true,
  viewActionHistory: true,
  viewOwnerDashboard: true,
  assignRelationshipManagers: true,
  seeAnyonesNextSteps: true,
  manageOrganizationSettings: true,
};
const manager = {
  ...none,
  viewDonors: true,
  viewCampaignBoard: true,
  moveBoardCards: true,
  manageCampaigns: true,
  viewAllCampaigns: true,
  viewActionHistory: true,
  assignRelationshipManagers: true,
  seeAnyonesNextSteps: true,
};
const officer = {
  ...none,
  viewDonors: true,
  manageCampaigns: true,
  viewOfficerDashboard: true,
  viewCampaignBoard: true,
  moveBoardCards: true,
};

async function meOf(role: RoleName | undefined, status: "pending" | "submitted" | "approved" = "approved") {
  const user = await buildUser(t, { role, status, organizationId: role === "admin" ? null : organizationId });
  const res = await t.request("GET", "/api/me", { cookie: user.cookie });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("GET /api/me permissions", () => {
  it.each([
    ["admin", admin],
    ["org_owner", owner],
    ["org_manager", manager],
    ["org_officer", officer],
  ] as const)("answers what %s may do", async (role, expected) => {
    const me = await meOf(role);
    expect(me.permissions).toEqual(expected);
    expect(me.permissionsOnceApproved).toEqual(expected);
  });

  it("gives an approved user without a role nothing", async () => {
    const me = await meOf(undefined);
    expect(me.permissions).toEqual(none);
    expect(me.permissionsOnceApproved).toEqual(none);
  });

  it("gives an account waiting for approval nothing yet, whatever it holds, and says what its roles will open", async () => {
    for (const status of ["pending", "submitted"] as const) {
      const applicant = await meOf("org_officer", status);
      expect(applicant.permissions).toEqual(none);
      expect(applicant.permissionsOnceApproved).toEqual(officer);
      const pendingOwner = await meOf("org_owner", status);
      expect(pendingOwner.permissions).toEqual(none);
      expect(pendingOwner.permissionsOnceApproved).toEqual(owner);
    }
    const unapproved = await meOf(undefined, "pending");
    expect(unapproved.permissions).toEqual(none);
    expect(unapproved.permissionsOnceApproved).toEqual(none);
  });
});

describe("GET /api/me accessContacts (issue 14)", () => {
  it("tells an approved user without a role who can give them one: their organisation's approved owners", async () => {
    const org = await buildOrg(t);
    const owner = await buildUser(t, { role: "org_owner", organizationId: org.id });
    await buildUser(t, { role: "org_owner", status: "submitted", organizationId: org.id }); // not approved: not asked
    const plain = await buildUser(t, { organizationId: org.id });
    expect((await t.request("GET", "/api/me", { cookie: plain.cookie })).json().accessContacts).toEqual([owner.email]);
    // Everyone else gets none: a user with a role, an applicant, a user without an organisation.
    const officerOfOrg = await buildUser(t, { role: "org_officer", organizationId: org.id });
    const applicant = await buildUser(t, { status: "submitted", organizationId: org.id });
    const homeless = await buildUser(t, { organizationId: null });
    for (const u of [officerOfOrg, applicant, homeless, owner]) {
      expect((await t.request("GET", "/api/me", { cookie: u.cookie })).json().accessContacts).toEqual([]);
    }
  });
});
