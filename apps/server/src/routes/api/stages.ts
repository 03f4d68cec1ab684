import { PassThrough } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  campaignGoalInputSchema,
  campaignGoalParamsSchema,
  campaignGoalSchema,
  donorParamsSchema,
  encodeStageStreamEvent,
  stageGenerateSchema,
  stagePreviewSchema,
  stageRequestSchema,
  stagesResetResultSchema,
  stageWorkspaceSchema,
  type StageStreamEvent,
} from "@cultivate/shared";
import { errorSchema } from "../../lib/http.ts";
import { donorActor } from "../../services/donors/access.ts";
import { generateStage, prepareGeneration, previewStage } from "../../services/stages/generate.ts";
import { resetStages, setCampaignGoal, stageWorkspace } from "../../services/stages/history.ts";
import { trackRefused } from "../../services/activity/track.ts";

const idParams = donorParamsSchema;

export const stageRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorFor = (request: FastifyRequest) => donorActor(app, request);

  app.get("/donors/:id/stage-workspace", {
    schema: {
      tags: ["stages"],
      summary:
        "What /donor/{id} needs: donor summary, the open campaigns the caller may use (an own-campaigns officer: only theirs; newest first) and their goals, stage records, default stage",
      params: idParams,
      response: { 200: stageWorkspaceSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const actor = await actorFor(request);
      return stageWorkspace(app, actor, request.params.id);
    },
  });

  app.put("/donors/:id/campaign-goals/:campaignId", {
    schema: {
      tags: ["stages"],
      summary: "Set the donor's goal text for a campaign (this also adds the donor to the campaign)",
      params: campaignGoalParamsSchema,
      body: campaignGoalInputSchema,
      response: { 200: campaignGoalSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    handler: async (request) => {
      const actor = await actorFor(request);
      return setCampaignGoal(app, actor, request.params.id, request.params.campaignId, request.body.goalText);
    },
  });

  app.post("/donors/:id/stages/preview", {
    schema: {
      tags: ["stages"],
      summary:
        "Build the prompt for a stage (stage prompt + donor data + campaign goal + notes + earlier stages), without calling the AI",
      params: idParams,
      body: stageRequestSchema,
      response: { 200: stagePreviewSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    onError: trackRefused(app, { actionType: "ai_interaction", actionName: "ai_preview", resourceType: "donor" }),
    handler: async (request) => {
      const actor = await actorFor(request);
      return previewStage(app, actor, request, request.params.id, request.body);
    },
  });

  app.post("/donors/:id/stages/generate", {
    schema: {
      tags: ["stages"],
      summary:
        "Send the (edited) prompt to the AI provider and stream the answer as NDJSON lines ({type:start|token|done|error}); the stage record is saved only when the answer is complete",
      params: idParams,
      body: stageGenerateSchema,
      response: { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    onError: trackRefused(app, { actionType: "ai_interaction", actionName: "ai_generate", resourceType: "donor" }),
    handler: async (request, reply) => {
      const actor = await actorFor(request);
      const generation = await prepareGeneration(app, actor, request.params.id, request.body);

      const out = new PassThrough();
      const send = (event: StageStreamEvent) => out.write(encodeStageStreamEvent(event));
      const abort = new AbortController();
      request.raw.once("close", () => {
        if (!reply.raw.writableEnded) abort.abort();
      });
      reply
        .header("content-type", "application/x-ndjson; charset=utf-8")
        .header("cache-control", "no-cache")
        .header("x-accel-buffering", "no");
      // A stream, not a JSON body: the declared schemas describe the errors answered before streaming starts.
      void (reply as FastifyReply).send(out);

      try {
        await generateStage(app, actor, request, generation, request.body, send, abort.signal);
      } finally {
        out.end();
      }
      return reply;
    },
  });

  app.delete("/donors/:id/stages", {
    schema: {
      tags: ["stages"],
      summary: "Reset All Stages: delete every stage record of the donor",
      params: idParams,
      response: { 200: stagesResetResultSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const actor = await actorFor(request);
      return resetStages(app, actor, request, request.params.id);
    },
  });
};
