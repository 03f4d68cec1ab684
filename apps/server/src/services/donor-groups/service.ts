import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  areDonorFiltersEmpty,
  DONOR_GROUP_PAGE_SIZE,
  DONOR_MESSAGES,
  donorFilterSettingsSchema,
  normalizeDonorFilters,
} from "@cultivate/shared";
import { badRequest, forbidden, notFound } from "../../lib/errors.ts";
import { iso, UUID_RE } from "../../lib/format.ts";
import type { Actor } from "../../policy/actor.ts";
import { assertSameOrganization, can } from "../../policy/policy.ts";
import { readScope, writeOrganization } from "../donors/access.ts";
import type { SavedDonorGroupRow } from "./repository.ts";

/** Static groups (Add to Group / Remove from Group) and saved filter groups (docs/RULES.md, Donor groups). */

const GROUP_NOT_FOUND = "Group not found.";

async function visibleGroup(app: FastifyInstance, actor: Actor, id: string) {
  if (!UUID_RE.test(id)) throw notFound(GROUP_NOT_FOUND);
  const g = await app.repos.donorGroups.find(id);
  if (!g) throw notFound(GROUP_NOT_FOUND);
  assertSameOrganization(actor, g.organizationId, GROUP_NOT_FOUND);
  return g;
}

const uniqueIds = (ids: string[]) => [...new Set(ids.map((i) => i.toLowerCase()))];

type Maker = { makerName: string | null; makerEmail: string | null };
/** Who made a group, as the list shows it ("by Maria Lopez"); null when that account is gone. */
const createdBy = (m: Maker) => (m.makerEmail ? { name: m.makerName || null, email: m.makerEmail } : null);
/** Issue 14: its maker, a manager, an owner or an admin may delete a group (docs/RULES.md, Groups). */
const groupPermissions = (actor: Actor, g: { userId: string | null }) => ({ delete: can.deleteDonorGroup(actor, g) });
const actorAsMaker = (actor: Actor): Maker => ({ makerName: null, makerEmail: actor.email });

type GroupRow = { id: string; name: string; organizationId: string; userId: string | null; createdAt: Date };
const presentGroup = (actor: Actor, g: GroupRow, memberCount: number, maker: Maker) => ({
  id: g.id,
  name: g.name,
  organizationId: g.organizationId,
  userId: g.userId,
  createdBy: createdBy(maker),
  createdAt: iso(g.createdAt)!,
  memberCount,
  permissions: groupPermissions(actor, g),
});

/** A list's query (organisation for admins, name search, page), and the rows it asks the repository for. */
type GroupListQuery = { organizationId?: string; q?: string; page: number };
const sliceOf = (query: GroupListQuery) => ({
  q: query.q,
  offset: (query.page - 1) * DONOR_GROUP_PAGE_SIZE,
  limit: DONOR_GROUP_PAGE_SIZE,
});
const pageOf = (query: GroupListQuery, total: number) => ({ total, page: query.page, pageSize: DONOR_GROUP_PAGE_SIZE });

/** One page of static groups by name (ADR 072). */
export async function listGroups(app: FastifyInstance, actor: Actor, query: GroupListQuery) {
  const scope = readScope(actor, query.organizationId);
  const { rows, total } = await app.repos.donorGroups.page(scope, sliceOf(query));
  return {
    groups: rows.map(({ g, memberCount, ...maker }) => presentGroup(actor, g, memberCount, maker)),
    ...pageOf(query, total),
  };
}

export async function createGroup(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  input: { name: string; organizationId?: string | null },
) {
  const organizationId = await writeOrganization(app, actor, input.organizationId);
  const g = await app.repos.donorGroups.create(organizationId, actor.userId, input.name);
  app.activity.record(actor, request, {
    organizationId,
    actionType: "donor_management",
    actionName: "create_donor_group",
    resourceType: "donor_group",
    resourceId: g.id,
  });
  return presentGroup(actor, g, 0, actorAsMaker(actor));
}

export async function deleteGroup(app: FastifyInstance, actor: Actor, request: FastifyRequest, id: string) {
  const g = await visibleGroup(app, actor, id);
  if (!can.deleteDonorGroup(actor, g)) throw forbidden(DONOR_MESSAGES.deleteGroupNotAllowed);
  await app.repos.donorGroups.remove(g.organizationId, g.id);
  app.activity.record(actor, request, {
    organizationId: g.organizationId,
    actionType: "donor_management",
    actionName: "delete_donor_group",
    resourceType: "donor_group",
    resourceId: g.id,
    details: { name: g.name }, // the history names the group after it is gone
  });
  return { ok: true as const };
}

/** The actor's group and the selected donors, all checked (400 when none, 404 when not theirs: nothing about other tenants leaks). */
async function membershipRequest(
  app: FastifyInstance,
  actor: Actor,
  groupId: string,
  donorIds: string[],
  noneSelected: string,
) {
  const g = await visibleGroup(app, actor, groupId);
  const ids = uniqueIds(donorIds);
  if (!ids.length) throw badRequest(noneSelected);
  if ((await app.repos.donorGroups.countDonorsOf(g.organizationId, ids)) !== ids.length)
    throw notFound(DONOR_MESSAGES.donorNotFound);
  return { g, ids };
}

/** Add to Group: adds the selected donors (already-members are kept). */
export async function addGroupMembers(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  groupId: string,
  donorIds: string[],
) {
  const { g, ids } = await membershipRequest(app, actor, groupId, donorIds, DONOR_MESSAGES.selectDonorsToAdd);
  await app.repos.donorGroups.addMembers(g.id, ids);
  app.activity.record(actor, request, {
    organizationId: g.organizationId,
    actionType: "donor_management",
    actionName: "add_to_group",
    resourceType: "donor_group",
    resourceId: g.id,
    details: { count: ids.length },
  });
  return { count: ids.length, message: DONOR_MESSAGES.addedToGroup(ids.length, g.name) };
}

/** Remove from Group: removes the selected donors from the group. */
export async function removeGroupMembers(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  groupId: string,
  donorIds: string[],
) {
  const { g, ids } = await membershipRequest(app, actor, groupId, donorIds, DONOR_MESSAGES.selectDonorsToRemove);
  const removed = await app.repos.donorGroups.removeMembers(g.id, ids);
  app.activity.record(actor, request, {
    organizationId: g.organizationId,
    actionType: "donor_management",
    actionName: "remove_from_group",
    resourceType: "donor_group",
    resourceId: g.id,
    details: { count: removed },
  });
  return { count: removed, message: DONOR_MESSAGES.removedFromGroup(removed, g.name) };
}

const presentSaved = (actor: Actor, s: SavedDonorGroupRow, maker: Maker) => ({
  id: s.id,
  name: s.name,
  organizationId: s.organizationId,
  userId: s.userId,
  createdBy: createdBy(maker),
  createdAt: iso(s.createdAt)!,
  filterSettings: donorFilterSettingsSchema.parse(normalizeDonorFilters(s.filterSettings)),
  permissions: groupPermissions(actor, s),
});

/** One page of saved filter groups, newest first (ADR 072). */
export async function listSavedGroups(app: FastifyInstance, actor: Actor, query: GroupListQuery) {
  const scope = readScope(actor, query.organizationId);
  const { rows, total } = await app.repos.donorGroups.savedPage(scope, sliceOf(query));
  return { groups: rows.map(({ s, ...maker }) => presentSaved(actor, s, maker)), ...pageOf(query, total) };
}

/** Save Group: the current filters under a name; empty filters are refused. */
export async function createSavedGroup(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  input: { name: string; organizationId?: string | null; filterSettings: Parameters<typeof areDonorFiltersEmpty>[0] },
) {
  if (areDonorFiltersEmpty(input.filterSettings)) throw badRequest(DONOR_MESSAGES.filtersEmpty);
  const organizationId = await writeOrganization(app, actor, input.organizationId);
  const s = await app.repos.donorGroups.createSaved(
    organizationId,
    actor.userId,
    input.name,
    normalizeDonorFilters(input.filterSettings),
  );
  app.activity.record(actor, request, {
    organizationId,
    actionType: "donor_management",
    actionName: "save_filter_group",
    resourceType: "saved_donor_group",
    resourceId: s.id,
  });
  return presentSaved(actor, s, actorAsMaker(actor));
}

export async function deleteSavedGroup(app: FastifyInstance, actor: Actor, id: string) {
  if (!UUID_RE.test(id)) throw notFound(GROUP_NOT_FOUND);
  const s = await app.repos.donorGroups.findSaved(id);
  if (!s) throw notFound(GROUP_NOT_FOUND);
  assertSameOrganization(actor, s.organizationId, GROUP_NOT_FOUND);
  if (!can.deleteDonorGroup(actor, s)) throw forbidden(DONOR_MESSAGES.deleteGroupNotAllowed);
  await app.repos.donorGroups.removeSaved(s.organizationId, s.id);
  return { ok: true as const };
}
