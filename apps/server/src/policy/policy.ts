import type { RoleName } from "@cultivate/shared";
import { DONOR_ROLES } from "@cultivate/shared";
import { forbidden, notFound, unauthorized } from "../lib/errors.ts";
import type { Actor } from "./actor.ts";

/**
 * The one place that decides who may do what. Routes call these explicitly;
 * each rule is one line so it reads like the spec's permission tables.
 */
const has = (actor: Actor, ...allowed: RoleName[]) => actor.roles.some((r) => allowed.includes(r));

export const can = {
  administer: (a: Actor) => has(a, "admin"),
  viewDonors: (a: Actor) => has(a, ...DONOR_ROLES),
  manageCampaigns: (a: Actor) => has(a, "admin", "org_owner", "org_manager", "org_officer"),
  manageUsers: (a: Actor) => has(a, "admin", "org_owner"),
  viewActionHistory: (a: Actor) => has(a, "admin", "org_owner", "org_manager"),
  changeAiProvider: (a: Actor) => has(a, "admin"),
  editPrompts: (a: Actor) => has(a, "admin"),
  /** An officer who is not also admin, owner or manager sees and edits only campaigns they own (part 2 §6). */
  onlyOwnCampaigns: (a: Actor) => has(a, "org_officer") && !has(a, "admin", "org_owner", "org_manager"),
  // Administration (issue 5, part 2 §6)
  manageOrganizations: (a: Actor) => has(a, "admin"),
  viewAdminDashboard: (a: Actor) => has(a, "admin"),
  viewOwnerDashboard: (a: Actor) => has(a, "org_owner"),
  viewOfficerDashboard: (a: Actor) => has(a, "org_officer"),
  /** Only admins move users between organisations; an owner manages the users of their own. */
  changeUserOrganization: (a: Actor) => has(a, "admin"),
  /** Owners assign every role except admin. */
  grantRole: (a: Actor, role: RoleName) => (role === "admin" ? has(a, "admin") : has(a, "admin", "org_owner")),
  // Support issues (part 2 §6): staff or the submitter edit and delete; only staff change status and resolution.
  changeIssueStatus: (a: Actor) => has(a, "admin", "org_owner", "org_manager"),
  editIssue: (a: Actor, issue: { submittedByUserId: string | null }) =>
    has(a, "admin", "org_owner", "org_manager") || issue.submittedByUserId === a.userId,
  seeAllOrganizations: (a: Actor) => has(a, "admin"),
  // Donors (issue 3, part 1 §6): the four roles see, import, export and group donors and edit notes.
  importDonors: (a: Actor) => has(a, ...DONOR_ROLES),
  editDonorNotes: (a: Actor) => has(a, ...DONOR_ROLES),
  manageDonorGroups: (a: Actor) => has(a, ...DONOR_ROLES),
};

/** 401 unless signed in. */
export function requireActor(actor: Actor | null, message?: string): Actor {
  if (!actor) throw unauthorized(message);
  return actor;
}

/** 403 unless the rule allows it. */
export function authorize(actor: Actor, rule: (a: Actor) => boolean, message?: string): void {
  if (!rule(actor)) throw forbidden(message);
}

/**
 * The organisation a request works on. Everyone works in their own; admins may name another.
 * Naming an organisation that is not yours answers 404, so ids of other tenants leak nothing.
 */
export function organizationScope(actor: Actor, requested?: string | null): string {
  if (requested && requested !== actor.organizationId) {
    if (has(actor, "admin")) return requested;
    throw notFound();
  }
  if (!actor.organizationId) throw notFound("Unable to determine your organization");
  return actor.organizationId;
}

/** A record of another organisation is reported as missing (404), never as forbidden. */
export function assertSameOrganization(actor: Actor, organizationId: string | null, message?: string): void {
  if (has(actor, "admin")) return;
  if (!organizationId || organizationId !== actor.organizationId) throw notFound(message);
}

/**
 * The user a user manager may touch: admins any; an owner only users of their own organisation
 * (others answer 404, like every other tenant's record).
 */
export function assertManagesUser(actor: Actor, target: { organizationId: string | null } | null | undefined): void {
  if (!target) throw notFound("User not found.");
  if (has(actor, "admin")) return;
  if (!actor.organizationId || target.organizationId !== actor.organizationId) throw notFound("User not found.");
}
