import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ACTION_HISTORY_ACCESS_DENIED_MESSAGE,
  actionFilterOptionsQuerySchema,
  actionFilterOptionsSchema,
  actionFiltersSchema,
  actionListQuerySchema,
  actionListSchema,
  actionSummarySchema,
  csvSchema,
} from "@cultivate/shared";
import { z } from "zod";
import { errorSchema } from "../../../lib/http.ts";
import { authorize, can, organizationScope, requireActor } from "../../../policy/policy.ts";
import {
  actionFilterOptions,
  exportActions,
  listActions,
  summarizeActions,
  type ActionQuery,
} from "../../../services/activity/history.ts";

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Action history (docs/RULES.md, Activity history): admin, owner, manager; owners and managers see their organisation only. */
export const actionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The organisation filter comes from the actor: admins see all (or the one they name), others only theirs. */
  const scope = async (request: FastifyRequest, requested: string | undefined) => {
    const actor = requireActor(await app.getActor(request));
    authorize(actor, can.viewActionHistory, ACTION_HISTORY_ACCESS_DENIED_MESSAGE);
    const organizationId = can.seeAllOrganizations(actor) ? (requested ?? null) : organizationScope(actor, requested);
    return { actor, organizationId };
  };
  const toQuery = (filters: z.output<typeof actionFiltersSchema>, organizationId: string | null): ActionQuery => ({
    ...filters,
    organizationId,
  });

  app.get("/actions", {
    schema: {
      tags: ["activity"],
      summary: "Actions newest first, filtered, one page (default 50) with the exact number matching",
      querystring: actionListQuerySchema,
      response: { 200: actionListSchema, ...errors },
    },
    handler: async (request) => {
      const { offset, limit, ...filters } = request.query;
      const { organizationId } = await scope(request, filters.organizationId);
      return listActions(app, toQuery(filters, organizationId), offset, limit);
    },
  });

  app.get("/actions/summary", {
    schema: {
      tags: ["activity"],
      summary: "Summary of the filtered actions: total, success rate, count by type, average duration",
      querystring: actionFiltersSchema,
      response: { 200: actionSummarySchema, ...errors },
    },
    handler: async (request) => {
      const { organizationId } = await scope(request, request.query.organizationId);
      return summarizeActions(app, toQuery(request.query, organizationId));
    },
  });

  app.get("/actions/filter-options", {
    schema: {
      tags: ["activity"],
      summary:
        "The filters' choices: users matching q (email or name) in the caller's scope and the chosen userId, action names, resource types",
      querystring: actionFilterOptionsQuerySchema,
      response: { 200: actionFilterOptionsSchema, ...errors },
    },
    handler: async (request) => {
      const { organizationId } = await scope(request, undefined);
      return actionFilterOptions(app, organizationId, request.query);
    },
  });

  app.get("/actions/export", {
    schema: {
      tags: ["activity"],
      summary: "CSV of every action matching the filters (user_actions_{date}.csv, 12 columns), streamed",
      querystring: actionFiltersSchema,
      produces: ["text/csv"],
      response: { 200: csvSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { actor, organizationId } = await scope(request, request.query.organizationId);
      const date = new Date().toISOString().slice(0, 10);
      const stream = await exportActions(app, actor, request, toQuery(request.query, organizationId), request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="user_actions_${date}.csv"`)
        .header("cache-control", "no-store")
        .send(stream as never); // a stream is sent as it is, never serialised
    },
  });
};
