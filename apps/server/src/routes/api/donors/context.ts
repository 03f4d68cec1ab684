import type { FastifyInstance, FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { DONOR_MESSAGES } from "@cultivate/shared";
import { organizations } from "../../../db/schema.ts";
import { notFound } from "../../../lib/errors.ts";
import type { Actor } from "../../../policy/actor.ts";
import { authorize, can, organizationScope, requireActor } from "../../../policy/policy.ts";
import type { DonorScope } from "../../../services/donors/repository.ts";

/** 401 without a session, 403 "You don't have permission to access the donor list." without one of the four roles. */
export async function donorActor(app: FastifyInstance, request: FastifyRequest, rule: (a: Actor) => boolean = can.viewDonors): Promise<Actor> {
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
export async function writeOrganization(app: FastifyInstance, actor: Actor, requested?: string | null): Promise<string> {
  const id = organizationScope(actor, requested);
  const [org] = await app.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
  if (!org) throw notFound("Organization not found.");
  return id;
}

/** A record of another organisation, or of none visible to the scope, is reported missing. */
export function assertInScope(scope: DonorScope, organizationId: string, message?: string) {
  if ("organizationId" in scope && scope.organizationId !== organizationId) throw notFound(message);
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const iso = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());
