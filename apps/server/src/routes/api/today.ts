import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  digestResponseSchema,
  digestSettingsInputSchema,
  digestStatusSchema,
  messageSchema,
  organizationSettingsInputSchema,
  organizationSettingsQuerySchema,
  organizationSettingsResponseSchema,
  organizationSettingsSchema,
  todayListsSchema,
  todayQuerySchema,
} from "@cultivate/shared";
import { errorSchema } from "../../lib/http.ts";
import { requireActor } from "../../policy/policy.ts";
import { donorActor } from "../../services/donors/access.ts";
import { trackRefused } from "../../services/activity/track.ts";
import { organizationSettings, todayLists, updateOrganizationSettings } from "../../services/today/service.ts";
import { digestStatus, removeDigest, saveDigest } from "../../services/today/digest.ts";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The officer's day (issue 15; docs/RULES.md, The officer's day). */
export const todayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/today", {
    schema: {
      tags: ["next steps"],
      summary:
        "The officer's day: donors without contact for N days, longer in a stage than usual, and high capacity not yet started (mine by default; owners and managers: anyone's or all)",
      querystring: todayQuerySchema,
      response: { 200: todayListsSchema, ...errors },
    },
    handler: async (request) => todayLists(app, await donorActor(app, request), request.query),
  });

  app.get("/organization/settings", {
    schema: {
      tags: ["organizations"],
      summary: "The organization's settings (no contact after N days): owners, managers and admins",
      querystring: organizationSettingsQuerySchema,
      response: { 200: organizationSettingsSchema, ...errors },
    },
    handler: async (request) =>
      organizationSettings(app, requireActor(await app.getActor(request)), request.query.organizationId),
  });

  app.put("/organization/settings", {
    schema: {
      tags: ["organizations"],
      summary: "Change the organization's settings (no contact after N days): owners and admins",
      querystring: organizationSettingsQuerySchema,
      body: organizationSettingsInputSchema,
      response: { 200: organizationSettingsResponseSchema, ...errors },
    },
    onError: trackRefused(app, {
      actionType: "system",
      actionName: "organization_settings_update",
      resourceType: "organization",
    }),
    handler: async (request) =>
      updateOrganizationSettings(
        app,
        requireActor(await app.getActor(request)),
        request,
        request.query.organizationId,
        request.body,
      ),
  });

  app.get("/account/digest", {
    schema: {
      tags: ["next steps"],
      summary: "The signed-in user's weekly digest: whether it is on, and its day, hour and time zone",
      response: { 200: digestStatusSchema, ...errors },
    },
    handler: async (request) => digestStatus(app, await donorActor(app, request)),
  });

  app.put("/account/digest", {
    schema: {
      tags: ["next steps"],
      summary: "Turn on (or change) one's weekly digest email: day of the week, hour and time zone",
      body: digestSettingsInputSchema,
      response: { 200: digestResponseSchema, ...errors },
    },
    handler: async (request) => saveDigest(app, await donorActor(app, request), request, request.body),
  });

  app.delete("/account/digest", {
    schema: {
      tags: ["next steps"],
      summary: "Turn off one's weekly digest email",
      response: { 200: messageSchema, ...errors },
    },
    handler: async (request) => removeDigest(app, await donorActor(app, request), request),
  });
};
