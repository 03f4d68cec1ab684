import { DONOR_ROLES, isApproved, type RoleName } from "../roles.ts";
import type { PolicyActor } from "./actor.ts";

/**
 * The one place that decides who may do what (docs/RULES.md, Roles). Every rule is a pure function of
 * the actor (and a record, where the answer depends on it), one line each so they read like the
 * permission tables. The server turns a refusal into 401/403/404/409 (apps/server/src/policy/policy.ts);
 * /api/me sends the actor's answers to the browser (./permissions.ts), which never re-derives them.
 */

const holds = (actor: PolicyActor, allowed: readonly RoleName[]) =>
  actor.roles.some((r) => (allowed as readonly string[]).includes(r));
/**
 * Issue 11: an account that is not approved holds no role that counts, whatever roles it has been
 * given (an applicant who joined an existing organisation through onboarding carries org_officer
 * from the start). Every role rule below, and every organisation check, goes through `isApproved`.
 */
const has = (actor: PolicyActor, ...allowed: RoleName[]) => isApproved(actor) && holds(actor, allowed);

type UserRecord = { id: string; roles: readonly string[] };

export const can = {
  administer: (a: PolicyActor) => has(a, "admin"),
  viewDonors: (a: PolicyActor) => has(a, ...DONOR_ROLES),
  manageCampaigns: (a: PolicyActor) => has(a, "admin", "org_owner", "org_manager", "org_officer"),
  /** The roles that see every campaign of their organisation, and the Campaigns header link (docs/RULES.md, Roles). */
  viewAllCampaigns: (a: PolicyActor) => has(a, "admin", "org_owner", "org_manager"),
  manageUsers: (a: PolicyActor) => has(a, "admin", "org_owner"),
  viewActionHistory: (a: PolicyActor) => has(a, "admin", "org_owner", "org_manager"),
  changeAiProvider: (a: PolicyActor) => has(a, "admin"),
  editPrompts: (a: PolicyActor) => has(a, "admin"),
  /** An officer who is not also admin, owner or manager sees and edits only campaigns they own (docs/RULES.md, Campaigns). */
  onlyOwnCampaigns: (a: PolicyActor) => has(a, "org_officer") && !has(a, "admin", "org_owner", "org_manager"),
  // Administration (issue 5; docs/RULES.md, Administration)
  manageOrganizations: (a: PolicyActor) => has(a, "admin"),
  /** Every organisation's mail is in the outbox: admins only (docs/RULES.md, Email outbox). */
  readEmailOutbox: (a: PolicyActor) => has(a, "admin"),
  viewAdminDashboard: (a: PolicyActor) => has(a, "admin"),
  viewOwnerDashboard: (a: PolicyActor) => has(a, "org_owner"),
  viewOfficerDashboard: (a: PolicyActor) => has(a, "org_officer"),
  /** Only admins move users between organisations; an owner manages the users of their own. */
  changeUserOrganization: (a: PolicyActor) => has(a, "admin"),
  /** Approve or decline an applicant: the user managers (the target is checked by managesUser). */
  decideApplications: (a: PolicyActor) => has(a, "admin", "org_owner"),
  /** Owners assign every role except admin. */
  grantRole: (a: PolicyActor, role: RoleName) => (role === "admin" ? has(a, "admin") : has(a, "admin", "org_owner")),
  grantAdmin: (a: PolicyActor) => has(a, "admin"),
  /** Removing the admin role is the admins' business; other roles go with the user manager's general right. */
  revokeRole: (a: PolicyActor, role: RoleName) => role !== "admin" || has(a, "admin"),
  /** An admin's roles (replacing or removing any of them) are the admins' business. */
  changeRolesOf: (a: PolicyActor, target: UserRecord) => !target.roles.includes("admin") || has(a, "admin"),
  /** An admin cannot lock themselves out of administration: replacing their own admin role with another... */
  keepOwnAdminOnAssign: (a: PolicyActor, target: UserRecord, role: RoleName) =>
    target.id !== a.userId || !target.roles.includes("admin") || role === "admin",
  /** ...or removing it. */
  keepOwnAdminOnRemove: (a: PolicyActor, target: UserRecord, role: RoleName) =>
    target.id !== a.userId || role !== "admin",
  // Support issues (docs/RULES.md, Support issues): staff or the submitter edit and delete; only staff change status and resolution.
  changeIssueStatus: (a: PolicyActor) => has(a, "admin", "org_owner", "org_manager"),
  editIssue: (a: PolicyActor, issue: { submittedByUserId: string | null }) =>
    has(a, "admin", "org_owner", "org_manager") || issue.submittedByUserId === a.userId,
  seeAllOrganizations: (a: PolicyActor) => has(a, "admin"),
  // Donors (issue 3; docs/RULES.md, Roles): the four roles see, import, export and group donors and edit notes.
  importDonors: (a: PolicyActor) => has(a, ...DONOR_ROLES),
  editDonorNotes: (a: PolicyActor) => has(a, ...DONOR_ROLES),
  manageDonorGroups: (a: PolicyActor) => has(a, ...DONOR_ROLES),
  /** Issue 15, Portfolios: owners and managers (and admins) choose a donor's relationship manager; officers do not. */
  assignRelationshipManagers: (a: PolicyActor) => has(a, "admin", "org_owner", "org_manager"),
  /** Issue 15, Contact reports: whoever sees the donor (the four roles) logs a contact with them. */
  logContactReports: (a: PolicyActor) => has(a, ...DONOR_ROLES),
  /** A contact report is edited and deleted by its author, or by a manager, an owner or an admin. */
  editContactReport: (a: PolicyActor, report: { authorId: string | null }) =>
    has(a, "admin", "org_owner", "org_manager") || (has(a, ...DONOR_ROLES) && report.authorId === a.userId),
  /**
   * Issue 14: a donor group (static or saved) is deleted by its maker, or by a manager, an owner or an
   * admin; an officer may not delete a colleague's group (docs/RULES.md, Groups).
   */
  deleteDonorGroup: (a: PolicyActor, group: { userId: string | null }) =>
    has(a, "admin", "org_owner", "org_manager") || (has(a, ...DONOR_ROLES) && group.userId === a.userId),
  /** Issue 15, Next steps: owners, managers and admins see and plan anyone's next steps; officers their own. */
  seeAnyonesNextSteps: (a: PolicyActor) => has(a, "admin", "org_owner", "org_manager"),
  /** Issue 15, The officer's day: the organisation's "no contact after N days" is set by owners (and admins)... */
  manageOrganizationSettings: (a: PolicyActor) => has(a, "admin", "org_owner"),
  /** ...and read by managers too. */
  viewOrganizationSettings: (a: PolicyActor) => has(a, "admin", "org_owner", "org_manager"),
  /**
   * Issue 15, Next steps: a step is changed (done, snoozed, reassigned, edited, deleted) by its owner or
   * the person who added it, or by a manager, an owner or an admin (docs/RULES.md, Next steps).
   */
  editNextStep: (a: PolicyActor, step: { ownerId: string | null; createdBy: string | null }) =>
    has(a, "admin", "org_owner", "org_manager") ||
    (has(a, ...DONOR_ROLES) && (step.ownerId === a.userId || step.createdBy === a.userId)),
  /**
   * Issue 15, Pipeline board: whoever may see the campaign sees its board (the record check is the
   * campaign visibility rule), and whoever may save a stage recommendation for its donors moves cards.
   */
  viewCampaignBoard: (a: PolicyActor): boolean => can.manageCampaigns(a),
  moveBoardCards: (a: PolicyActor): boolean => can.viewDonors(a),
  /** Issue 14: an import is undone by whoever ran it, or by a manager, an owner or an admin (docs/RULES.md, Import). */
  undoImport: (a: PolicyActor, batch: { userId: string | null }) =>
    has(a, "admin", "org_owner", "org_manager") || (has(a, ...DONOR_ROLES) && batch.userId === a.userId),
};

/** The roles a relationship manager holds one of (docs/RULES.md, Portfolios). */
export const RELATIONSHIP_MANAGER_ROLES: readonly RoleName[] = ["org_owner", "org_manager", "org_officer"];

/**
 * Who may be a donor's relationship manager: an approved member of the donor's organisation who is
 * an officer, manager or owner there (an admin of no organisation is not).
 */
export const eligibleRelationshipManager = (
  user: { organizationId: string | null; onboardingStatus: string; roles: readonly string[] },
  organizationId: string,
) =>
  user.organizationId === organizationId &&
  user.onboardingStatus === "approved" &&
  user.roles.some((r) => (RELATIONSHIP_MANAGER_ROLES as readonly string[]).includes(r));

/**
 * Records of another organisation: visible to admins, otherwise only the actor's own. (An account
 * that is not approved sees none; the server answers that with 403 approval_required first.)
 */
export const inOrganization = (a: PolicyActor, organizationId: string | null) =>
  has(a, "admin") || (isApproved(a) && organizationId !== null && organizationId === a.organizationId);

/** The users a user manager may touch: admins any; an owner only users of their own organisation. */
export const managesUser = (a: PolicyActor, target: { organizationId: string | null }) =>
  has(a, "admin") || (isApproved(a) && a.organizationId !== null && target.organizationId === a.organizationId);

/** Whether a role change takes the owner role away from the user (the keep-an-owner rule applies). */
export const losesOwnerRole = {
  byAssigning: (role: RoleName) => role !== "org_owner",
  byRemoving: (role: RoleName) => role === "org_owner",
};

export const LAST_OWNER_MESSAGE =
  "You are the last owner of this organization. Make another member an owner before you give up your owner role.";

/**
 * An organisation keeps at least one owner: an owner cannot give up their own owner role (remove it,
 * or change it to another role) while no other approved owner is left. Admins are not held to it:
 * they are the platform's way to repair an organisation (they assign owners at any time, and an
 * organisation created through onboarding starts without one), so they may demote any owner.
 */
export const keepsAnOwner = (
  a: PolicyActor,
  target: UserRecord,
  change: { losesOwner: boolean; otherApprovedOwners: number },
) =>
  has(a, "admin") ||
  target.id !== a.userId ||
  !target.roles.includes("org_owner") ||
  !change.losesOwner ||
  change.otherApprovedOwners > 0;
