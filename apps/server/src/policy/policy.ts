import type { RoleName } from "@cultivate/shared";
import { DONOR_ROLES } from "@cultivate/shared";
import { approvalRequired, conflict, forbidden, notFound, unauthorized } from "../lib/errors.ts";
import type { Actor } from "./actor.ts";

/**
 * The one place that decides who may do what. Routes call these explicitly;
 * each rule is one line so it reads like the spec's permission tables.
 */

/**
 * Issue 11: an account that is not approved holds no role that counts, whatever roles it has been
 * given (an applicant who joined an existing organisation through onboarding carries org_officer
 * from the start). Every role rule below, and every organisation check, goes through this.
 */
export const isApproved = (actor: Actor) => actor.onboardingStatus === "approved";
const has = (actor: Actor, ...allowed: RoleName[]) => isApproved(actor) && actor.roles.some((r) => allowed.includes(r));

export const can = {
  administer: (a: Actor) => has(a, "admin"),
  viewDonors: (a: Actor) => has(a, ...DONOR_ROLES),
  manageCampaigns: (a: Actor) => has(a, "admin", "org_owner", "org_manager", "org_officer"),
  manageUsers: (a: Actor) => has(a, "admin", "org_owner"),
  viewActionHistory: (a: Actor) => has(a, "admin", "org_owner", "org_manager"),
  changeAiProvider: (a: Actor) => has(a, "admin"),
  editPrompts: (a: Actor) => has(a, "admin"),
  /** An officer who is not also admin, owner or manager sees and edits only campaigns they own (docs/RULES.md, Campaigns). */
  onlyOwnCampaigns: (a: Actor) => has(a, "org_officer") && !has(a, "admin", "org_owner", "org_manager"),
  // Administration (issue 5; docs/RULES.md, Administration)
  manageOrganizations: (a: Actor) => has(a, "admin"),
  viewAdminDashboard: (a: Actor) => has(a, "admin"),
  viewOwnerDashboard: (a: Actor) => has(a, "org_owner"),
  viewOfficerDashboard: (a: Actor) => has(a, "org_officer"),
  /** Only admins move users between organisations; an owner manages the users of their own. */
  changeUserOrganization: (a: Actor) => has(a, "admin"),
  /** Approve or decline an applicant: the user managers (the target is checked by assertManagesUser). */
  decideApplications: (a: Actor) => has(a, "admin", "org_owner"),
  /** Owners assign every role except admin. */
  grantRole: (a: Actor, role: RoleName) => (role === "admin" ? has(a, "admin") : has(a, "admin", "org_owner")),
  // Support issues (docs/RULES.md, Support issues): staff or the submitter edit and delete; only staff change status and resolution.
  changeIssueStatus: (a: Actor) => has(a, "admin", "org_owner", "org_manager"),
  editIssue: (a: Actor, issue: { submittedByUserId: string | null }) =>
    has(a, "admin", "org_owner", "org_manager") || issue.submittedByUserId === a.userId,
  seeAllOrganizations: (a: Actor) => has(a, "admin"),
  // Donors (issue 3; docs/RULES.md, Roles): the four roles see, import, export and group donors and edit notes.
  importDonors: (a: Actor) => has(a, ...DONOR_ROLES),
  editDonorNotes: (a: Actor) => has(a, ...DONOR_ROLES),
  manageDonorGroups: (a: Actor) => has(a, ...DONOR_ROLES),
};

/** 401 unless signed in. */
export function requireActor(actor: Actor | null, message?: string): Actor {
  if (!actor) throw unauthorized(message);
  return actor;
}

/** 403 unless the rule allows it; a refused account that is not approved hears why (approval_required). */
export function authorize(actor: Actor, rule: (a: Actor) => boolean, message?: string): void {
  if (!rule(actor)) throw isApproved(actor) ? forbidden(message) : approvalRequired();
}

/** 403 approval_required unless the account is approved: the gate in front of every organisation's data. */
export function requireApproved(actor: Actor): void {
  if (!isApproved(actor)) throw approvalRequired();
}

/**
 * The organisation a request works on. Everyone works in their own; admins may name another.
 * Naming an organisation that is not yours answers 404, so ids of other tenants leak nothing.
 */
export function organizationScope(actor: Actor, requested?: string | null): string {
  requireApproved(actor);
  if (requested && requested !== actor.organizationId) {
    if (has(actor, "admin")) return requested;
    throw notFound();
  }
  if (!actor.organizationId) throw notFound("Unable to determine your organization");
  return actor.organizationId;
}

/** A record of another organisation is reported as missing (404), never as forbidden. */
export function assertSameOrganization(actor: Actor, organizationId: string | null, message?: string): void {
  requireApproved(actor);
  if (has(actor, "admin")) return;
  if (!organizationId || organizationId !== actor.organizationId) throw notFound(message);
}

/**
 * The user a user manager may touch: admins any; an owner only users of their own organisation
 * (others answer 404, like every other tenant's record).
 */
export function assertManagesUser(actor: Actor, target: { organizationId: string | null } | null | undefined): void {
  requireApproved(actor);
  if (!target) throw notFound("User not found.");
  if (has(actor, "admin")) return;
  if (!actor.organizationId || target.organizationId !== actor.organizationId) throw notFound("User not found.");
}

export const LAST_OWNER_MESSAGE =
  "You are the last owner of this organization. Make another member an owner before you give up your owner role.";

/**
 * An organisation keeps at least one owner: an owner cannot give up their own owner role (remove it,
 * or change it to another role) while no other approved owner is left. Admins are not held to it:
 * they are the platform's way to repair an organisation (they assign owners at any time, and an
 * organisation created through onboarding starts without one), so they may demote any owner.
 */
export function assertKeepsAnOwner(
  actor: Actor,
  target: { id: string; roles: readonly string[] },
  change: { losesOwner: boolean; otherApprovedOwners: number },
): void {
  if (has(actor, "admin")) return;
  if (target.id !== actor.userId || !target.roles.includes("org_owner") || !change.losesOwner) return;
  if (change.otherApprovedOwners === 0) throw conflict(LAST_OWNER_MESSAGE);
}
