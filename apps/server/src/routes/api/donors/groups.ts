import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createDonorGroupSchema,
  createSavedDonorGroupSchema,
  donorGroupListSchema,
  donorGroupParamsSchema,
  donorGroupSchema,
  groupMembersInputSchema,
  groupMembersResponseSchema,
  groupQuerySchema,
  savedDonorGroupListSchema,
  savedDonorGroupSchema,
} from "@cultivate/shared";
import { errorSchema, okSchema } from "../../../lib/http.ts";
import { can } from "../../../policy/policy.ts";
import { donorActor } from "../../../services/donors/access.ts";
import {
  addGroupMembers,
  createGroup,
  createSavedGroup,
  deleteGroup,
  deleteSavedGroup,
  listGroups,
  listSavedGroups,
  removeGroupMembers,
} from "../../../services/donor-groups/service.ts";
import { trackRefused } from "../../../services/activity/track.ts";

const idParams = donorGroupParamsSchema;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const donorGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---------------------------------------------------------------- static groups
  app.get("/donor-groups", {
    schema: {
      tags: ["donor groups"],
      summary: "One page (50) of the organisation's static donor groups by name, with member counts; q searches names",
      querystring: groupQuerySchema,
      response: { 200: donorGroupListSchema, ...errors },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      return listGroups(app, actor, request.query);
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
    onError: trackRefused(app, {
      actionType: "donor_management",
      actionName: "create_donor_group",
      resourceType: "donor_group",
    }),
    handler: async (request, reply) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      return reply.code(201).send(await createGroup(app, actor, request, request.body));
    },
  });

  app.delete("/donor-groups/:id", {
    schema: {
      tags: ["donor groups"],
      summary: "Delete a static group (its members go with it): its maker, a manager, an owner or an admin",
      params: idParams,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      return deleteGroup(app, actor, request, request.params.id);
    },
  });

  app.post("/donor-groups/:id/members", {
    schema: {
      tags: ["donor groups"],
      summary: "Add to Group: adds the selected donors (already-members are kept)",
      params: idParams,
      body: groupMembersInputSchema,
      response: { 200: groupMembersResponseSchema, ...errors },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      return addGroupMembers(app, actor, request, request.params.id, request.body.donorIds);
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
      const actor = await donorActor(app, request, can.manageDonorGroups);
      return removeGroupMembers(app, actor, request, request.params.id, request.body.donorIds);
    },
  });

  // ---------------------------------------------------------------- saved filter groups
  app.get("/saved-donor-groups", {
    schema: {
      tags: ["donor groups"],
      summary: "One page (50) of the organisation's saved filter groups, newest first; q searches names",
      querystring: groupQuerySchema,
      response: { 200: savedDonorGroupListSchema, ...errors },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      return listSavedGroups(app, actor, request.query);
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
    onError: trackRefused(app, {
      actionType: "donor_management",
      actionName: "save_filter_group",
      resourceType: "saved_donor_group",
    }),
    handler: async (request, reply) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      return reply.code(201).send(await createSavedGroup(app, actor, request, request.body));
    },
  });

  app.delete("/saved-donor-groups/:id", {
    schema: {
      tags: ["donor groups"],
      summary: "Delete a saved filter group: its maker, a manager, an owner or an admin",
      params: idParams,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request, can.manageDonorGroups);
      return deleteSavedGroup(app, actor, request.params.id);
    },
  });
};
