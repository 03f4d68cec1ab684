import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  campaignDonorListQuerySchema,
  campaignDonorListSchema,
  campaignInputSchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignParamsSchema,
  campaignPatchSchema,
  campaignSchema,
  noContentSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../../lib/http.ts";
import {
  campaignActor,
  campaignDonors,
  createCampaign,
  deleteCampaign,
  listCampaigns,
  updateCampaign,
} from "../../../services/campaigns/service.ts";
import { trackRefused } from "../../../services/activity/track.ts";

export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const idParams = campaignParamsSchema;

  app.get("/campaigns", {
    schema: {
      tags: ["campaigns"],
      summary: "Campaigns, newest first (officers: only their own; admins: all, or one organisation)",
      querystring: campaignListQuerySchema,
      response: { 200: campaignListSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => listCampaigns(app, await campaignActor(app, request), request.query),
  });

  app.post("/campaigns", {
    schema: {
      tags: ["campaigns"],
      summary: "Create a campaign in your organisation (admins may name another); you become its owner",
      body: campaignInputSchema,
      response: { 201: campaignSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    onError: trackRefused(app, {
      actionType: "campaign_management",
      actionName: "campaign_create",
      resourceType: "campaign",
    }),
    handler: async (request, reply) => {
      const actor = await campaignActor(app, request);
      return reply.code(201).send(await createCampaign(app, actor, request, request.body));
    },
  });

  app.patch("/campaigns/:id", {
    schema: {
      tags: ["campaigns"],
      summary: "Edit a campaign, or archive / unarchive it ({ isArchived })",
      params: idParams,
      body: campaignPatchSchema,
      response: { 200: campaignSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    onError: trackRefused(app, {
      actionType: "campaign_management",
      actionName: "campaign_update",
      resourceType: "campaign",
    }),
    handler: async (request) => {
      const actor = await campaignActor(app, request);
      return updateCampaign(app, actor, request, request.params.id, request.body);
    },
  });

  app.delete("/campaigns/:id", {
    schema: {
      tags: ["campaigns"],
      summary: "Delete a campaign for good, with its donor assignments and goals (stage records keep their history)",
      params: idParams,
      response: { 204: noContentSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request, reply) => {
      const actor = await campaignActor(app, request);
      await deleteCampaign(app, actor, request, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get("/campaigns/:id/donors", {
    schema: {
      tags: ["campaigns"],
      summary: "One page (50) of the donors of a campaign (those with a campaign goal), by name; ?page=",
      params: idParams,
      querystring: campaignDonorListQuerySchema,
      response: { 200: campaignDonorListSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) =>
      campaignDonors(app, await campaignActor(app, request), request.params.id, request.query.page),
  });
};
