import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  DONOR_MESSAGES,
  eligibleRelationshipManager,
  PORTFOLIO_MESSAGES,
  PORTFOLIO_TOP_UNASSIGNED,
  type RelationshipManager,
} from "@cultivate/shared";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { Actor } from "../../policy/actor.ts";
import { assertSameOrganization } from "../../policy/policy.ts";
import { visibleDonor, writeOrganization } from "./access.ts";

/**
 * Portfolios (issue 15; docs/RULES.md, Portfolios). The route has already refused actors who may not
 * assign (403); here a donor the actor cannot see is missing (404) and a user who is not an officer,
 * manager or owner of the donor's organisation is refused (400).
 */
async function eligibleManager(
  app: FastifyInstance,
  organizationId: string,
  userId: string | null,
): Promise<RelationshipManager | null> {
  if (userId === null) return null;
  const user = await app.repos.users.find(userId);
  if (!user || !eligibleRelationshipManager(user, organizationId)) throw badRequest(PORTFOLIO_MESSAGES.ineligible);
  return { id: user.id, email: user.email, name: user.name };
}

const displayName = (m: RelationshipManager) => m.name ?? m.email;

/** PUT /api/donors/{id}/relationship-manager */
export async function assignRelationshipManager(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  donorId: string,
  userId: string | null,
) {
  const { donor } = await visibleDonor(app, actor, donorId);
  const manager = await eligibleManager(app, donor.organizationId, userId);
  const [current] = await app.repos.donors.managersOf([donor.id]);
  if ((current?.relationshipManagerId ?? null) !== (manager?.id ?? null))
    await app.repos.donors.setRelationshipManager(
      donor.organizationId,
      [{ donorId: donor.id, oldEmail: current?.managerEmail ?? null }],
      manager,
      actor.userId,
    );
  app.activity.record(actor, request, {
    organizationId: donor.organizationId,
    actionType: "donor_management",
    actionName: "assign_relationship_manager",
    resourceType: "donor",
    resourceId: donor.id,
    details: { relationshipManagerId: manager?.id ?? null },
  });
  return {
    relationshipManager: manager,
    message: manager ? PORTFOLIO_MESSAGES.assigned(displayName(manager)) : PORTFOLIO_MESSAGES.unassigned,
  };
}

/** POST /api/donors/relationship-manager: all or nothing, for donors of one organisation. */
export async function assignRelationshipManagerInBulk(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  donorIds: readonly string[],
  userId: string | null,
) {
  const ids = [...new Set(donorIds)];
  const rows = await app.repos.donors.managersOf(ids);
  // A missing id and another organisation's donor read the same: 404, and nothing is changed.
  if (rows.length !== ids.length) throw notFound(DONOR_MESSAGES.donorNotFound);
  for (const r of rows) assertSameOrganization(actor, r.organizationId, DONOR_MESSAGES.donorNotFound);
  const organizationId = rows[0]!.organizationId;
  if (rows.some((r) => r.organizationId !== organizationId)) throw badRequest(PORTFOLIO_MESSAGES.oneOrganization);
  const manager = await eligibleManager(app, organizationId, userId);
  const changed = rows.filter((r) => r.relationshipManagerId !== (manager?.id ?? null));
  await app.repos.donors.setRelationshipManager(
    organizationId,
    changed.map((r) => ({ donorId: r.id, oldEmail: r.managerEmail })),
    manager,
    actor.userId,
  );
  app.activity.record(actor, request, {
    organizationId,
    actionType: "donor_management",
    actionName: "assign_relationship_manager",
    resourceType: "donor",
    details: { donors: ids.length, changed: changed.length, relationshipManagerId: manager?.id ?? null },
  });
  return {
    updated: ids.length,
    relationshipManager: manager,
    message: manager
      ? PORTFOLIO_MESSAGES.bulkAssigned(ids.length, displayName(manager))
      : PORTFOLIO_MESSAGES.bulkUnassigned(ids.length),
  };
}

/** The organisation a portfolio read is about: the named one (admins; others 404 unless their own), else the actor's. */
async function portfolioOrganization(app: FastifyInstance, actor: Actor, requested: string | undefined) {
  return writeOrganization(app, actor, requested);
}

/** Who may be given donors in the organisation (the picker, the Portfolio filter, the chip), by name then email. */
async function eligibleMembers(app: FastifyInstance, organizationId: string): Promise<RelationshipManager[]> {
  const members = await app.repos.users.members(organizationId);
  return members
    .filter((u) => eligibleRelationshipManager(u, organizationId))
    .map((u) => ({ id: u.id, email: u.email, name: u.name }))
    .sort((a, b) => displayName(a).localeCompare(displayName(b)) || a.email.localeCompare(b.email));
}

/** GET /api/donors/relationship-managers: every member of the organisation may read it (names for the filter). */
export async function listRelationshipManagers(app: FastifyInstance, actor: Actor, requested: string | undefined) {
  const organizationId = await portfolioOrganization(app, actor, requested);
  return { managers: await eligibleMembers(app, organizationId) };
}

/**
 * GET /api/dashboards/portfolios (owners, managers, admins): each eligible member's portfolio size and
 * total Estimated Capacity (members with none included), anyone else who still holds donors, the
 * unassigned donors' totals, and the unassigned donors with the highest capacity.
 */
export async function portfolioDashboard(app: FastifyInstance, actor: Actor, requested: string | undefined) {
  const organizationId = await portfolioOrganization(app, actor, requested);
  const [members, sizes, top] = await Promise.all([
    eligibleMembers(app, organizationId),
    app.repos.dashboards.portfolioSizes(organizationId),
    app.repos.dashboards.topUnassigned(organizationId, PORTFOLIO_TOP_UNASSIGNED),
  ]);
  const bySize = new Map(sizes.flatMap((s) => (s.managerId ? [[s.managerId, s] as const] : [])));
  const known = new Set(members.map((m) => m.id));
  const others = await app.repos.donors.managersByUser([...bySize.keys()].filter((id) => !known.has(id)));
  const portfolios = [...members, ...others]
    .map((m) => ({ ...m, donors: bySize.get(m.id)?.donors ?? 0, capacity: bySize.get(m.id)?.capacity ?? 0 }))
    .sort((a, b) => b.capacity - a.capacity || b.donors - a.donors || displayName(a).localeCompare(displayName(b)));
  const none = sizes.find((s) => s.managerId === null);
  return {
    organizationId,
    portfolios,
    unassigned: { donors: none?.donors ?? 0, capacity: none?.capacity ?? 0 },
    topUnassigned: top,
  };
}
