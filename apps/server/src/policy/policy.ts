import {
  can,
  DONOR_MESSAGES,
  inOrganization,
  isApproved as approved,
  keepsAnOwner,
  LAST_OWNER_MESSAGE,
  managesUser,
} from "@cultivate/shared";
import { approvalRequired, conflict, forbidden, notFound, unauthorized } from "../lib/errors.ts";
import type { Actor } from "./actor.ts";

/**
 * The server's side of the one policy: the rules themselves are pure functions in
 * packages/shared/src/policy/ (the browser reads their answers from /api/me); here a refusal becomes
 * the HTTP answer (401, 403, 403 approval_required, 404 for another tenant's record, 409).
 * Routes call these explicitly.
 */
export { can, LAST_OWNER_MESSAGE };
export const isApproved = (actor: Actor) => approved(actor);

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
    if (can.seeAllOrganizations(actor)) return requested;
    throw notFound();
  }
  if (!actor.organizationId) throw notFound(DONOR_MESSAGES.unableToDetermineOrganization);
  return actor.organizationId;
}

/** A record of another organisation is reported as missing (404), never as forbidden. */
export function assertSameOrganization(actor: Actor, organizationId: string | null, message?: string): void {
  requireApproved(actor);
  if (!inOrganization(actor, organizationId)) throw notFound(message);
}

/** The user a user manager may touch; any other (or none) answers 404, like every other tenant's record. */
export function assertManagesUser(actor: Actor, target: { organizationId: string | null } | null | undefined): void {
  requireApproved(actor);
  if (!target || !managesUser(actor, target)) throw notFound("User not found.");
}

/** 409 when an owner would give up the last owner role of their organisation (the rule: shared keepsAnOwner). */
export function assertKeepsAnOwner(
  actor: Actor,
  target: { id: string; roles: readonly string[] },
  change: { losesOwner: boolean; otherApprovedOwners: number },
): void {
  if (!keepsAnOwner(actor, target, change)) throw conflict(LAST_OWNER_MESSAGE);
}
