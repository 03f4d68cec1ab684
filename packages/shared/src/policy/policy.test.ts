import { describe, expect, it } from "vitest";
import { ROLE_NAMES, type OnboardingStatus, type RoleName } from "../roles.ts";
import type { PolicyActor } from "./actor.ts";
import { ACTOR_PERMISSIONS, actorPermissionsSchema, permissionsOf, permissionsOnceApproved } from "./permissions.ts";
import { isApproved } from "../roles.ts";
import {
  can,
  eligibleRelationshipManager,
  inOrganization,
  keepsAnOwner,
  losesOwnerRole,
  managesUser,
} from "./rules.ts";

const actor = (
  roles: RoleName[],
  organizationId: string | null = "org-a",
  onboardingStatus: OnboardingStatus = "approved",
): PolicyActor => ({
  userId: "u",
  roles,
  organizationId,
  onboardingStatus,
});
const admin = actor(["admin"], null);
const owner = actor(["org_owner"]);
const manager = actor(["org_manager"]);
const officer = actor(["org_officer"]);
const nobody = actor([]);
const byRole = { admin, owner, manager, officer, nobody };

/** Which of admin, owner, manager, officer and a user without a role the rule allows. */
const allowed = (rule: (a: PolicyActor) => boolean) =>
  (Object.keys(byRole) as (keyof typeof byRole)[]).filter((name) => rule(byRole[name]));

describe("policy rules", () => {
  it("gives each record-free rule to its roles (docs/RULES.md, Roles)", () => {
    expect(allowed(can.administer)).toEqual(["admin"]);
    expect(allowed(can.viewDonors)).toEqual(["admin", "owner", "manager", "officer"]);
    expect(allowed(can.importDonors)).toEqual(["admin", "owner", "manager", "officer"]);
    expect(allowed(can.editDonorNotes)).toEqual(["admin", "owner", "manager", "officer"]);
    expect(allowed(can.manageDonorGroups)).toEqual(["admin", "owner", "manager", "officer"]);
    expect(allowed(can.manageCampaigns)).toEqual(["admin", "owner", "manager", "officer"]);
    expect(allowed(can.viewAllCampaigns)).toEqual(["admin", "owner", "manager"]);
    expect(allowed(can.onlyOwnCampaigns)).toEqual(["officer"]);
    expect(allowed(can.manageUsers)).toEqual(["admin", "owner"]);
    expect(allowed(can.decideApplications)).toEqual(["admin", "owner"]);
    expect(allowed(can.viewActionHistory)).toEqual(["admin", "owner", "manager"]);
    expect(allowed(can.changeIssueStatus)).toEqual(["admin", "owner", "manager"]);
    expect(allowed(can.assignRelationshipManagers)).toEqual(["admin", "owner", "manager"]);
    expect(allowed(can.seeAnyonesNextSteps)).toEqual(["admin", "owner", "manager"]);
    // Issue 15, Pipeline board: those who see campaigns see boards; those who save stage records move cards.
    expect(allowed(can.viewCampaignBoard)).toEqual(allowed(can.manageCampaigns));
    expect(allowed(can.moveBoardCards)).toEqual(allowed(can.viewDonors));
    expect(can.moveBoardCards(actor(["org_officer"], "org-a", "submitted"))).toBe(false);
    expect(allowed(can.manageOrganizationSettings)).toEqual(["admin", "owner"]);
    expect(allowed(can.viewOrganizationSettings)).toEqual(["admin", "owner", "manager"]);
    for (const adminOnly of [
      can.changeAiProvider,
      can.editPrompts,
      can.manageOrganizations,
      can.readEmailOutbox,
      can.viewAdminDashboard,
      can.changeUserOrganization,
      can.seeAllOrganizations,
      can.grantAdmin,
    ]) {
      expect(allowed(adminOnly)).toEqual(["admin"]);
    }
    expect(allowed(can.viewOwnerDashboard)).toEqual(["owner"]);
    expect(allowed(can.viewOfficerDashboard)).toEqual(["officer"]);
  });

  it("403 when the role does not allow it (the rules behind apps/server/src/policy/policy.test.ts)", () => {
    expect(can.administer(actor(["org_officer"]))).toBe(false);
    expect(can.administer(actor(["admin"]))).toBe(true);
    expect(can.viewDonors(actor([]))).toBe(false);
    expect(can.manageUsers(actor(["org_manager"]))).toBe(false);
    expect(can.manageUsers(actor(["org_owner"]))).toBe(true);
  });

  it("lets the maker, managers, owners and admins delete a donor group or undo an import (issue 14)", () => {
    const mine = { userId: "u" };
    const colleagues = { userId: "someone-else" };
    const unknownMaker = { userId: null };
    for (const rule of [can.deleteDonorGroup, can.undoImport]) {
      expect(allowed((a) => rule(a, colleagues))).toEqual(["admin", "owner", "manager"]);
      expect(allowed((a) => rule(a, unknownMaker))).toEqual(["admin", "owner", "manager"]);
      expect(allowed((a) => rule(a, mine))).toEqual(["admin", "owner", "manager", "officer"]);
      // Not approved: no role counts, not even for one's own record.
      expect(rule(actor(["org_officer"], "org-a", "submitted"), mine)).toBe(false);
    }
  });

  it("lets a next step's owner, its maker, managers, owners and admins change it (issue 15)", () => {
    // byRole's actors all have the id "u" (see actor()).
    const owned = { ownerId: "u", createdBy: "someone-else" };
    const made = { ownerId: "someone-else", createdBy: "u" };
    const colleagues = { ownerId: "someone-else", createdBy: null };
    expect(allowed((a) => can.editNextStep(a, owned))).toEqual(["admin", "owner", "manager", "officer"]);
    expect(allowed((a) => can.editNextStep(a, made))).toEqual(["admin", "owner", "manager", "officer"]);
    expect(allowed((a) => can.editNextStep(a, colleagues))).toEqual(["admin", "owner", "manager"]);
    expect(can.editNextStep(actor(["org_officer"], "org-a", "submitted"), owned)).toBe(false);
  });

  it("lets an officer who is also owner, manager or admin see every campaign", () => {
    for (const other of ["admin", "org_owner", "org_manager"] as const) {
      expect(can.onlyOwnCampaigns(actor(["org_officer", other]))).toBe(false);
      expect(can.viewAllCampaigns(actor(["org_officer", other]))).toBe(true);
    }
  });

  it("lets owners grant every role except admin, and only admins revoke admin", () => {
    for (const role of ROLE_NAMES) {
      expect(can.grantRole(admin, role)).toBe(true);
      expect(can.grantRole(owner, role)).toBe(role !== "admin");
      expect(can.grantRole(manager, role)).toBe(false);
      expect(can.revokeRole(admin, role)).toBe(true);
      expect(can.revokeRole(owner, role)).toBe(role !== "admin");
    }
  });

  it("leaves an admin's roles to admins, and never lets an admin take their own admin role away", () => {
    const anAdmin = { id: "x", roles: ["admin"] };
    const anOfficer = { id: "x", roles: ["org_officer"] };
    expect(can.changeRolesOf(owner, anAdmin)).toBe(false);
    expect(can.changeRolesOf(owner, anOfficer)).toBe(true);
    expect(can.changeRolesOf(admin, anAdmin)).toBe(true);
    const self = { id: "u", roles: ["admin"] };
    expect(can.keepOwnAdminOnAssign(admin, self, "org_owner")).toBe(false);
    expect(can.keepOwnAdminOnAssign(admin, self, "admin")).toBe(true);
    expect(can.keepOwnAdminOnAssign(admin, anAdmin, "org_owner")).toBe(true);
    expect(can.keepOwnAdminOnRemove(admin, self, "admin")).toBe(false);
    expect(can.keepOwnAdminOnRemove(admin, { id: "u", roles: [] }, "admin")).toBe(false);
    expect(can.keepOwnAdminOnRemove(admin, self, "org_owner")).toBe(true);
    expect(can.keepOwnAdminOnRemove(admin, anAdmin, "admin")).toBe(true);
  });

  it("lets staff or the submitter edit an issue", () => {
    expect(can.editIssue(officer, { submittedByUserId: "u" })).toBe(true);
    expect(can.editIssue(officer, { submittedByUserId: "v" })).toBe(false);
    expect(can.editIssue(manager, { submittedByUserId: "v" })).toBe(true);
    expect(can.editIssue(nobody, { submittedByUserId: null })).toBe(false);
  });

  it("records of another organisation are out of reach unless admin", () => {
    expect(inOrganization(owner, "org-b")).toBe(false);
    expect(inOrganization(owner, "org-a")).toBe(true);
    expect(inOrganization(owner, null)).toBe(false);
    expect(inOrganization(actor(["org_officer"], null), null)).toBe(false);
    expect(inOrganization(actor(["admin"]), "org-b")).toBe(true);
    expect(managesUser(owner, { organizationId: "org-a" })).toBe(true);
    expect(managesUser(owner, { organizationId: "org-b" })).toBe(false);
    expect(managesUser(actor(["org_owner"], null), { organizationId: null })).toBe(false);
    expect(managesUser(admin, { organizationId: "org-b" })).toBe(true);
  });

  it("gives an account that is not approved no role and no organisation, whatever it holds", () => {
    for (const status of ["pending", "submitted"] as const) {
      const applicant = actor(["org_officer"], "org-a", status);
      const pendingOwner = actor(["org_owner"], "org-a", status);
      const pendingAdmin = actor(["admin"], null, status);
      expect(isApproved(applicant)).toBe(false);
      expect(can.viewDonors(applicant)).toBe(false);
      expect(can.manageUsers(pendingOwner)).toBe(false);
      expect(can.administer(pendingAdmin)).toBe(false);
      expect(inOrganization(applicant, "org-a")).toBe(false);
      expect(managesUser(pendingOwner, { organizationId: "org-a" })).toBe(false);
      expect(inOrganization(pendingAdmin, "org-a")).toBe(false);
      for (const rule of Object.values(permissionsOf(pendingAdmin))) expect(rule).toBe(false);
      // The submitter's own issue stays editable: that rule is not a role rule.
      expect(can.editIssue(actor([], "org-a", status), { submittedByUserId: "u" })).toBe(true);
    }
  });

  it("keeps an owner from giving up the last owner role; admins are not held to it", () => {
    const self = { id: "u", roles: ["org_owner"] };
    expect(keepsAnOwner(owner, self, { losesOwner: true, otherApprovedOwners: 0 })).toBe(false);
    expect(keepsAnOwner(owner, self, { losesOwner: true, otherApprovedOwners: 1 })).toBe(true);
    expect(keepsAnOwner(owner, self, { losesOwner: false, otherApprovedOwners: 0 })).toBe(true);
    expect(
      keepsAnOwner(owner, { id: "other", roles: ["org_owner"] }, { losesOwner: true, otherApprovedOwners: 0 }),
    ).toBe(true);
    expect(keepsAnOwner(admin, { id: "x", roles: ["org_owner"] }, { losesOwner: true, otherApprovedOwners: 0 })).toBe(
      true,
    );
    expect(losesOwnerRole.byAssigning("org_manager")).toBe(true);
    expect(losesOwnerRole.byAssigning("org_owner")).toBe(false);
    expect(losesOwnerRole.byRemoving("org_owner")).toBe(true);
    expect(losesOwnerRole.byRemoving("admin")).toBe(false);
  });
});

describe("actor permissions", () => {
  it("are the answers of the rules of the same name, and parse with the /api/me schema", () => {
    for (const a of Object.values(byRole)) {
      const permissions = permissionsOf(a);
      expect(actorPermissionsSchema.parse(permissions)).toEqual(permissions);
      for (const name of ACTOR_PERMISSIONS) expect(permissions[name]).toBe(can[name](a));
    }
  });

  it("tell an account waiting for approval what its roles will open once approved", () => {
    const applicant = actor(["org_officer"], "org-a", "submitted");
    expect(permissionsOf(applicant).viewDonors).toBe(false);
    expect(permissionsOnceApproved(applicant).viewDonors).toBe(true);
    expect(permissionsOnceApproved(applicant).viewAdminDashboard).toBe(false);
    expect(permissionsOnceApproved(owner)).toEqual(permissionsOf(owner));
  });
});

describe("eligibleRelationshipManager (docs/RULES.md, Portfolios)", () => {
  const member = (
    roles: string[],
    over: Partial<{ organizationId: string | null; onboardingStatus: string }> = {},
  ) => ({
    organizationId: "org-a",
    onboardingStatus: "approved",
    roles,
    ...over,
  });
  it("takes an approved officer, manager or owner of the donor's organisation, nobody else", () => {
    for (const role of ["org_officer", "org_manager", "org_owner"])
      expect(eligibleRelationshipManager(member([role]), "org-a")).toBe(true);
    expect(eligibleRelationshipManager(member(["admin"]), "org-a")).toBe(false);
    expect(eligibleRelationshipManager(member([]), "org-a")).toBe(false);
    expect(eligibleRelationshipManager(member(["org_officer"]), "org-b")).toBe(false);
    expect(eligibleRelationshipManager(member(["org_officer"], { onboardingStatus: "submitted" }), "org-a")).toBe(
      false,
    );
    expect(eligibleRelationshipManager(member(["org_owner"], { organizationId: null }), "org-a")).toBe(false);
  });
});

describe("contact reports (docs/RULES.md, Contact reports)", () => {
  const who = (roles: RoleName[], status: OnboardingStatus = "approved") => actor(roles, "org-a", status);
  it("the four roles log; the author, managers, owners and admins edit and delete", () => {
    expect(allowed(can.logContactReports)).toEqual(["admin", "owner", "manager", "officer"]);
    const officer = who(["org_officer"]);
    expect(can.editContactReport(officer, { authorId: officer.userId })).toBe(true);
    expect(can.editContactReport(officer, { authorId: "someone-else" })).toBe(false);
    expect(can.editContactReport(officer, { authorId: null })).toBe(false);
    for (const role of ["admin", "org_owner", "org_manager"] as const)
      expect(can.editContactReport(who([role]), { authorId: "someone-else" })).toBe(true);
    // Not approved, or without a role: not even their own.
    const applicant = who(["org_officer"], "submitted");
    expect(can.editContactReport(applicant, { authorId: applicant.userId })).toBe(false);
    const plain = who([]);
    expect(can.editContactReport(plain, { authorId: plain.userId })).toBe(false);
  });
});
