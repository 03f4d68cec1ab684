import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  CAMPAIGN_MESSAGES,
  campaignDonorListSchema,
  campaignInputSchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignParamsSchema,
  campaignPatchSchema,
  campaignSchema,
  noContentSchema,
} from "@cultivate/shared";
import { campaignGoals, campaigns, donors, organizations } from "../../../db/schema.ts";
import { badRequest, notFound } from "../../../lib/errors.ts";
import { errorSchema } from "../../../lib/http.ts";
import type { Actor } from "../../../policy/actor.ts";
import { authorize, can, organizationScope, requireActor } from "../../../policy/policy.ts";
import { campaignVisibility } from "../../../services/campaigns/visibility.ts";
import { trackOperation, trackRefused } from "../../../services/activity/track.ts";

const donorCount = sql<number>`(SELECT count(*)::int FROM ${campaignGoals} WHERE ${campaignGoals.campaignId} = ${campaigns.id})`;
const campaignColumns = {
  id: campaigns.id,
  name: campaigns.name,
  goal: campaigns.goal,
  startDate: campaigns.startDate,
  endDate: campaigns.endDate,
  details: campaigns.details,
  officeInfo: campaigns.officeInfo,
  isArchived: campaigns.isArchived,
  organizationId: campaigns.organizationId,
  organizationName: organizations.name,
  ownerUserId: campaigns.ownerUserId,
  createdAt: campaigns.createdAt,
  donorCount,
};
type CampaignRow = { createdAt: Date } & Record<string, unknown>;
const present = <T extends CampaignRow>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });

export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const campaignActor = async (request: FastifyRequest) => {
    const actor = requireActor(await app.getActor(request));
    authorize(actor, can.manageCampaigns, CAMPAIGN_MESSAGES.accessDenied);
    return actor;
  };

  /** A campaign the actor may see, else 404 (another organisation's, or an officer's colleague's). */
  const findVisible = async (actor: Actor, id: string) => {
    const [row] = await app.db
      .select(campaignColumns)
      .from(campaigns)
      .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
      .where(and(eq(campaigns.id, id), ...campaignVisibility(actor)));
    if (!row) throw notFound("Campaign not found.");
    return row;
  };

  const idParams = campaignParamsSchema;

  app.get("/campaigns", {
    schema: {
      tags: ["campaigns"],
      summary: "Campaigns, newest first (officers: only their own; admins: all, or one organisation)",
      querystring: campaignListQuerySchema,
      response: { 200: campaignListSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const actor = await campaignActor(request);
      const { organizationId, includeArchived } = request.query;
      const conditions = campaignVisibility(actor, organizationId);
      if (includeArchived !== "true") conditions.push(eq(campaigns.isArchived, false));
      const rows = await app.db
        .select(campaignColumns)
        .from(campaigns)
        .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
        .where(and(...conditions))
        .orderBy(desc(campaigns.createdAt));
      let organizationName: string | null = null;
      if (organizationId) {
        const [org] = await app.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, organizationId));
        if (!org) throw notFound("Organization not found.");
        organizationName = org.name;
      }
      return { campaigns: rows.map(present), ownOnly: can.onlyOwnCampaigns(actor), organizationName };
    },
  });

  app.post("/campaigns", {
    schema: {
      tags: ["campaigns"],
      summary: "Create a campaign in your organisation (admins may name another); you become its owner",
      body: campaignInputSchema,
      response: { 201: campaignSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    onError: trackRefused(app, { actionType: "campaign_management", actionName: "campaign_create", resourceType: "campaign" }),
    handler: async (request, reply) => {
      const actor = await campaignActor(request);
      const { organizationId: requested, ...fields } = request.body;
      if (!requested && !actor.organizationId) throw badRequest(CAMPAIGN_MESSAGES.orgUnavailable);
      const organizationId = organizationScope(actor, requested);
      // The organisation must exist before anything is filed under it (the log references it).
      const [org] = await app.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId));
      if (!org) throw notFound("Organization not found.");
      const created = await trackOperation(
        app,
        actor,
        request,
        { organizationId, actionType: "campaign_management", actionName: "campaign_create", resourceType: "campaign", details: { name: fields.name } },
        async () => {
          const [row] = await app.db
            .insert(campaigns)
            .values({ ...fields, organizationId, ownerUserId: actor.userId })
            .returning({ id: campaigns.id });
          return row!;
        },
        (row) => ({ resourceId: row.id }),
      );
      return reply.code(201).send(present(await findVisible(actor, created.id)));
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
    onError: trackRefused(app, { actionType: "campaign_management", actionName: "campaign_update", resourceType: "campaign" }),
    handler: async (request) => {
      const actor = await campaignActor(request);
      const existing = await findVisible(actor, request.params.id);
      const startDate = request.body.startDate ?? existing.startDate;
      const endDate = request.body.endDate ?? existing.endDate;
      if (startDate > endDate) throw badRequest(CAMPAIGN_MESSAGES.datesOutOfOrder);
      const actionName =
        request.body.isArchived === undefined ? "campaign_update" : request.body.isArchived ? "campaign_archive" : "campaign_unarchive";
      await trackOperation(
        app,
        actor,
        request,
        {
          organizationId: existing.organizationId,
          actionType: "campaign_management",
          actionName,
          resourceType: "campaign",
          resourceId: existing.id,
          details: { name: existing.name },
        },
        () => app.db.update(campaigns).set({ ...request.body, updatedAt: new Date() }).where(eq(campaigns.id, existing.id)),
      );
      return present(await findVisible(actor, existing.id));
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
      const actor = await campaignActor(request);
      const existing = await findVisible(actor, request.params.id);
      await app.db.delete(campaigns).where(eq(campaigns.id, existing.id));
      app.activity.record(actor, request, {
        organizationId: existing.organizationId,
        actionType: "campaign_management",
        actionName: "campaign_delete",
        resourceType: "campaign",
        resourceId: existing.id,
        details: { name: existing.name },
      });
      return reply.code(204).send(null);
    },
  });

  app.get("/campaigns/:id/donors", {
    schema: {
      tags: ["campaigns"],
      summary: "The donors of a campaign (those with a campaign goal)",
      params: idParams,
      response: { 200: campaignDonorListSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const actor = await campaignActor(request);
      const campaign = await findVisible(actor, request.params.id);
      const rows = await app.db
        .select({
          id: donors.id,
          firstName: donors.firstName,
          lastName: donors.lastName,
          email: donors.email,
          dsRating: donors.dsRating,
          estimatedCapacity: donors.estimatedCapacity,
          totalGiftAmount: donors.totalGiftAmount,
          numberOfGifts: donors.numberOfGifts,
          goalText: campaignGoals.goalText,
        })
        .from(campaignGoals)
        .innerJoin(donors, eq(donors.id, campaignGoals.donorId))
        .where(and(eq(campaignGoals.campaignId, campaign.id), eq(donors.organizationId, campaign.organizationId)))
        .orderBy(donors.lastName, donors.firstName);
      return {
        donors: rows.map((r) => ({
          ...r,
          estimatedCapacity: r.estimatedCapacity === null ? null : Number(r.estimatedCapacity),
          totalGiftAmount: r.totalGiftAmount === null ? null : Number(r.totalGiftAmount),
        })),
      };
    },
  });
};
