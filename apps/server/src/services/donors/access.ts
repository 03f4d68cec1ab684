import type { FastifyInstance, FastifyRequest } from "fastify";
import { DONOR_MESSAGES } from "@cultivate/shared";
import { notFound } from "../../lib/errors.ts";
import { UUID_RE } from "../../lib/format.ts";
import type { Actor } from "../../policy/actor.ts";
import { assertSameOrganization, authorize, can, organizationScope, requireActor } from "../../policy/policy.ts";
import type { DonorScope } from "./list-sql.ts";

/** 401 without a session, 403 "You don't have permission to access the donor list." without one of the four roles. */
export async function donorActor(
  app: FastifyInstance,
  request: FastifyRequest,
  rule: (a: Actor) => boolean = can.viewDonors,
): Promise<Actor> {
  const actor = requireActor(await app.getActor(request));
  authorize(actor, rule, DONOR_MESSAGES.accessDenied);
  return actor;
}

/**
 * The donors a list or export may read: the named organisation (admins; others 404 unless their own),
 * else the caller's own; an admin who belongs to none reads across all organisations.
 */
export function readScope(actor: Actor, requested?: string | null): DonorScope {
  if (requested) return { organizationId: organizationScope(actor, requested) };
  if (actor.organizationId) return { organizationId: actor.organizationId };
  if (can.seeAllOrganizations(actor)) return { allOrganizations: true };
  return { organizationId: organizationScope(actor, null) };
}

/** The one organisation a write goes to; it must exist. */
export async function writeOrganization(
  app: FastifyInstance,
  actor: Actor,
  requested?: string | null,
): Promise<string> {
  const id = organizationScope(actor, requested);
  if (!(await app.repos.organizations.exists(id))) throw notFound("Organization not found.");
  return id;
}

/** A record of another organisation, or of none visible to the scope, is reported missing. */
export function assertInScope(scope: DonorScope, organizationId: string, message?: string) {
  if ("organizationId" in scope && scope.organizationId !== organizationId) throw notFound(message);
}

/** The donor if the actor may see it; otherwise 404 "Donor Not Found" (missing or another organisation's). */
export async function visibleDonor(app: FastifyInstance, actor: Actor, id: string) {
  if (!UUID_RE.test(id)) throw notFound(DONOR_MESSAGES.donorNotFound);
  const row = await app.repos.donors.findWithOrganization(id);
  if (!row) throw notFound(DONOR_MESSAGES.donorNotFound);
  assertSameOrganization(actor, row.donor.organizationId, DONOR_MESSAGES.donorNotFound);
  return row;
}
