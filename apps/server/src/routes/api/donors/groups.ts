import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import {
  areDonorFiltersEmpty,
  createDonorGroupSchema,
  createSavedDonorGroupSchema,
  DONOR_MESSAGES,
  donorFilterSettingsSchema,
  donorGroupListSchema,
  donorGroupParamsSchema,
  donorGroupSchema,
  groupMembersInputSchema,
  groupMembersResponseSchema,
  groupQuerySchema,
  normalizeDonorFilters,
  savedDonorGroupListSchema,
  savedDonorGroupSchema,
} from "@cultivate/shared";
import type { FastifyInstance } from "fastify";
import { donorGroupMembers, donorGroups, donors, savedDonorGroups } from "../../../db/schema.ts";
import { errorSchema, okSchema } from "../../../lib/http.ts";
import { badRequest, notFound } from "../../../lib/errors.ts";
import type { Actor } from "../../../policy/actor.ts";
import { assertSameOrganization, can } from "../../../policy/policy.ts";
import { donorActor, iso, readScope, UUID_RE, writeOrganization } from "./context.ts";
import { trackRefused } from "../../../services/activity/track.ts";

const idParams = donorGroupParamsSchema;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

async function visibleGroup(app: FastifyInstance, actor: Actor, id: string) {
  if (!UUID_RE.test(id)) throw notFound("Group not found.");
  const [g] = await app.db.select().from(donorGroups).where(eq(donorGroups.id, id));
  if (!g) throw notFound("Group not found.");
  assertSameOrganization(actor, g.organizationId, "Group not found.");
  return g;
}

const uniqueIds = (ids: string[]) => [...new Set(ids.map((i) => i.toLowerCase()))];

export const donorGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---------------------------------------------------------------- static groups
  app.get("/donor-groups", {
    schema: {
      tags: ["donor groups"],
      summary: "Static donor groups of the organisation, by name, with member counts",
      querystring: groupQuerySchema,
      response: { 200: donorGroupListSchema, ...errors },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      const scope = readScope(actor, request.query.organizationId);
      const rows = await app.db
        .select({ g: donorGroups, memberCount: count(donorGroupMembers.donorId) })
        .from(donorGroups)
        .leftJoin(donorGroupMembers, eq(donorGroupMembers.donorGroupId, donorGroups.id))
        .where("organizationId" in scope ? eq(donorGroups.organizationId, scope.organizationId) : undefined)
        .groupBy(donorGroups.id)
        .orderBy(asc(donorGroups.name));
      return {
        groups: rows.map(({ g, memberCount }) => ({
          id: g.id,
          name: g.name,
          organizationId: g.organizationId,
          userId: g.userId,
          createdAt: iso(g.createdAt)!,
          memberCount,
        })),
      };
    },
  });

  app.post("/donor-groups", {
    schema: {
      tags: ["donor groups"],
      summary: "New static group (Group Name)",
      body: createDonorGroupSchema,
      response: { 201: donorGroupSchema, ...errors },
    },
    preValidation: async (request) => {
      await donorActor(app, request, can.manageDonorGroups);
    },
    onError: trackRefused(app, { actionType: "donor_management", actionName: "create_donor_group", resourceType: "donor_group" }),
    handler: async (request, reply) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      const organizationId = await writeOrganization(app, actor, request.body.organizationId);
      const [g] = await app.db.insert(donorGroups).values({ name: request.body.name, userId: actor.userId, organizationId }).returning();
      app.activity.record(actor, request, { organizationId, actionType: "donor_management", actionName: "create_donor_group", resourceType: "donor_group", resourceId: g!.id });
      return reply.code(201).send({ id: g!.id, name: g!.name, organizationId, userId: g!.userId, createdAt: iso(g!.createdAt)!, memberCount: 0 });
    },
  });

  app.delete("/donor-groups/:id", {
    schema: { tags: ["donor groups"], summary: "Delete a static group (its members go with it)", params: idParams, response: { 200: okSchema, ...errors } },
    handler: async (request) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      const g = await visibleGroup(app, actor, request.params.id);
      await app.db.delete(donorGroups).where(eq(donorGroups.id, g.id));
      app.activity.record(actor, request, { organizationId: g.organizationId, actionType: "donor_management", actionName: "delete_donor_group", resourceType: "donor_group", resourceId: g.id });
      return { ok: true as const };
    },
  });

  /** Every id must be a donor of the group's organisation; otherwise 404 (nothing about other tenants leaks). */
  const assertDonorsOf = async (organizationId: string, ids: string[]) => {
    const [r] = await app.db
      .select({ n: count() })
      .from(donors)
      .where(and(eq(donors.organizationId, organizationId), inArray(donors.id, ids)));
    if ((r?.n ?? 0) !== ids.length) throw notFound(DONOR_MESSAGES.donorNotFound);
  };

  /** Add/Remove from Group: the actor, their group, and the selected donors, all checked (400 when none, 404 when not theirs). */
  const membershipRequest = async (request: FastifyRequest, groupId: string, donorIds: string[], noneSelected: string) => {
    const actor = await donorActor(app, request, can.manageDonorGroups);
    const g = await visibleGroup(app, actor, groupId);
    const ids = uniqueIds(donorIds);
    if (!ids.length) throw badRequest(noneSelected);
    await assertDonorsOf(g.organizationId, ids);
    return { actor, g, ids };
  };

  app.post("/donor-groups/:id/members", {
    schema: {
      tags: ["donor groups"],
      summary: "Add to Group: adds the selected donors (already-members are kept)",
      params: idParams,
      body: groupMembersInputSchema,
      response: { 200: groupMembersResponseSchema, ...errors },
    },
    handler: async (request) => {
      const { actor, g, ids } = await membershipRequest(request, request.params.id, request.body.donorIds, DONOR_MESSAGES.selectDonorsToAdd);
      for (let i = 0; i < ids.length; i += 1000) {
        await app.db
          .insert(donorGroupMembers)
          .values(ids.slice(i, i + 1000).map((donorId) => ({ donorGroupId: g.id, donorId })))
          .onConflictDoNothing();
      }
      app.activity.record(actor, request, { organizationId: g.organizationId, actionType: "donor_management", actionName: "add_to_group", resourceType: "donor_group", resourceId: g.id, details: { count: ids.length } });
      return { count: ids.length, message: DONOR_MESSAGES.addedToGroup(ids.length, g.name) };
    },
  });

  app.post("/donor-groups/:id/members/remove", {
    schema: {
      tags: ["donor groups"],
      summary: "Remove from Group: removes the selected donors from the group",
      params: idParams,
      body: groupMembersInputSchema,
      response: { 200: groupMembersResponseSchema, ...errors },
    },
    handler: async (request) => {
      const { actor, g, ids } = await membershipRequest(request, request.params.id, request.body.donorIds, DONOR_MESSAGES.selectDonorsToRemove);
      let removed = 0;
      for (let i = 0; i < ids.length; i += 1000) {
        const gone = await app.db
          .delete(donorGroupMembers)
          .where(and(eq(donorGroupMembers.donorGroupId, g.id), inArray(donorGroupMembers.donorId, ids.slice(i, i + 1000))))
          .returning({ id: donorGroupMembers.donorId });
        removed += gone.length;
      }
      app.activity.record(actor, request, { organizationId: g.organizationId, actionType: "donor_management", actionName: "remove_from_group", resourceType: "donor_group", resourceId: g.id, details: { count: removed } });
      return { count: removed, message: DONOR_MESSAGES.removedFromGroup(removed, g.name) };
    },
  });

  // ---------------------------------------------------------------- saved filter groups
  const presentSaved = (s: typeof savedDonorGroups.$inferSelect) => ({
    id: s.id,
    name: s.name,
    organizationId: s.organizationId,
    userId: s.userId,
    createdAt: iso(s.createdAt)!,
    filterSettings: donorFilterSettingsSchema.parse(normalizeDonorFilters(s.filterSettings)),
  });

  app.get("/saved-donor-groups", {
    schema: {
      tags: ["donor groups"],
      summary: "Saved filter groups of the organisation, newest first",
      querystring: groupQuerySchema,
      response: { 200: savedDonorGroupListSchema, ...errors },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      const scope = readScope(actor, request.query.organizationId);
      const rows = await app.db
        .select()
        .from(savedDonorGroups)
        .where("organizationId" in scope ? eq(savedDonorGroups.organizationId, scope.organizationId) : undefined)
        .orderBy(desc(savedDonorGroups.createdAt));
      return { groups: rows.map(presentSaved) };
    },
  });

  app.post("/saved-donor-groups", {
    schema: {
      tags: ["donor groups"],
      summary: "Save Group: the current filters under a name (filter_settings with the spec's keys)",
      body: createSavedDonorGroupSchema,
      response: { 201: savedDonorGroupSchema, ...errors },
    },
    preValidation: async (request) => {
      await donorActor(app, request, can.manageDonorGroups);
    },
    onError: trackRefused(app, { actionType: "donor_management", actionName: "save_filter_group", resourceType: "saved_donor_group" }),
    handler: async (request, reply) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      if (areDonorFiltersEmpty(request.body.filterSettings)) throw badRequest(DONOR_MESSAGES.filtersEmpty);
      const organizationId = await writeOrganization(app, actor, request.body.organizationId);
      const [s] = await app.db
        .insert(savedDonorGroups)
        .values({ name: request.body.name, userId: actor.userId, organizationId, filterSettings: normalizeDonorFilters(request.body.filterSettings) })
        .returning();
      app.activity.record(actor, request, { organizationId, actionType: "donor_management", actionName: "save_filter_group", resourceType: "saved_donor_group", resourceId: s!.id });
      return reply.code(201).send(presentSaved(s!));
    },
  });

  app.delete("/saved-donor-groups/:id", {
    schema: { tags: ["donor groups"], summary: "Delete a saved filter group", params: idParams, response: { 200: okSchema, ...errors } },
    handler: async (request) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      if (!UUID_RE.test(request.params.id)) throw notFound("Group not found.");
      const [s] = await app.db.select().from(savedDonorGroups).where(eq(savedDonorGroups.id, request.params.id));
      if (!s) throw notFound("Group not found.");
      assertSameOrganization(actor, s.organizationId, "Group not found.");
      await app.db.delete(savedDonorGroups).where(eq(savedDonorGroups.id, s.id));
      return { ok: true as const };
    },
  });
};
