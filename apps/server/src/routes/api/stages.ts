import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import {
  aiProviderLabel,
  buildStagePrompt,
  CAMPAIGN_MESSAGES,
  campaignGoalInputSchema,
  campaignGoalParamsSchema,
  campaignGoalSchema,
  donorParamsSchema,
  encodeStageStreamEvent,
  currentStage,
  formatPreviousSummaries,
  STAGE_MESSAGES,
  STAGES,
  stageGenerateSchema,
  stagePreviewSchema,
  stageRequestSchema,
  stagesResetResultSchema,
  stageWorkspaceSchema,
  type StageStreamEvent,
} from "@cultivate/shared";
import { campaignGoals, campaigns, stagePrompts, stages } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { campaignForDonorWork, donorCampaignVisibility } from "../../services/campaigns/visibility.ts";
import { errorSchema } from "../../lib/http.ts";
import type { Actor } from "../../policy/actor.ts";
import { donorActor } from "./donors/context.ts";
import { visibleDonor } from "./donors/record.ts";
import { currentAiSetting } from "./ai-settings.ts";
import { donorName, stageContext, stageRecords } from "../../services/stages/context.ts";
import { AiError } from "../../ai/types.ts";
import { trackRefused } from "../../services/activity/track.ts";

const idParams = donorParamsSchema;

/**
 * Everything a recommendation needs, checked: the donor, the campaign (one the actor may see, 404 otherwise;
 * archived → 409), the rules of docs/RULES.md, AI recommendations.
 */
async function prepare(app: FastifyInstance, actor: Actor, donorId: string, body: z.infer<typeof stageRequestSchema>) {
  const { donor } = await visibleDonor(app, actor, donorId);
  if (body.stage === "Discovery" && !body.campaignId) throw badRequest(STAGE_MESSAGES.discoveryNeedsCampaign);
  if (body.stage !== "Discovery" && !body.prepNotes?.trim()) throw badRequest(STAGE_MESSAGES.prepNotesRequired);
  let campaign: { id: string; name: string } | null = null;
  let goalText: string | null = null;
  if (body.campaignId) {
    const row = await campaignForDonorWork(app.db, actor, donor.organizationId, body.campaignId, CAMPAIGN_MESSAGES.archivedNoRecommendation);
    campaign = row;
    const [goal] = await app.db
      .select({ goalText: campaignGoals.goalText })
      .from(campaignGoals)
      .where(and(eq(campaignGoals.campaignId, row.id), eq(campaignGoals.donorId, donor.id)));
    goalText = goal?.goalText || null;
  }
  const previous = await stageRecords(app.db, donor.id, donor.organizationId);
  const [prompt] = await app.db.select().from(stagePrompts).where(eq(stagePrompts.stageName, body.stage));
  const context = stageContext(donor, body.stage, { campaignName: campaign?.name ?? null, campaignGoal: goalText, prepNotes: body.prepNotes ?? null, previous });
  const text = buildStagePrompt({
    stagePrompt: prompt?.promptText ?? `Write a ${body.stage} stage cultivation plan for this donor.`,
    stage: body.stage,
    donorFacts: context.donor.facts,
    campaignName: campaign?.name ?? null,
    campaignGoal: goalText,
    prepNotes: body.prepNotes,
    previousSummaries: formatPreviousSummaries(previous.filter((p) => p.aiOutput).map((p) => ({ stageName: p.stageName, aiOutput: p.aiOutput! }))),
  });
  return { donor, campaign, context, prompt: text, promptVersion: prompt?.version ?? 0 };
}

export const stageRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorFor = (request: FastifyRequest) => donorActor(app, request);

  app.get("/donors/:id/stage-workspace", {
    schema: {
      tags: ["stages"],
      summary: "What /donor/{id} needs: donor summary, the open campaigns the caller may use (an own-campaigns officer: only theirs; newest first) and their goals, stage records, default stage",
      params: idParams,
      response: { 200: stageWorkspaceSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const actor = await actorFor(request);
      const { donor, organizationName } = await visibleDonor(app, actor, request.params.id);
      const visible = donorCampaignVisibility(actor, donor.organizationId);
      const [campaignRows, goalRows, records] = await Promise.all([
        app.db
          .select({ id: campaigns.id, name: campaigns.name, goal: campaigns.goal })
          .from(campaigns)
          .where(and(...visible, eq(campaigns.isArchived, false)))
          .orderBy(desc(campaigns.createdAt)),
        // Goals only of the campaigns listed: an own-campaigns officer sees none of a colleague's.
        app.db
          .select({ campaignId: campaignGoals.campaignId, goalText: campaignGoals.goalText })
          .from(campaignGoals)
          .innerJoin(campaigns, eq(campaigns.id, campaignGoals.campaignId))
          .where(and(eq(campaignGoals.donorId, donor.id), ...visible, eq(campaigns.isArchived, false))),
        stageRecords(app.db, donor.id, donor.organizationId),
      ]);
      const done = new Set(records.map((r) => r.stageName));
      return {
        donor: {
          id: donor.id,
          name: donorName(donor),
          estimatedCapacity: donor.estimatedCapacity === null ? null : Number(donor.estimatedCapacity),
          dsRating: donor.dsRating,
          organizationId: donor.organizationId,
          organizationName,
        },
        campaigns: campaignRows,
        goals: goalRows,
        stages: records,
        defaultStage: STAGES.find((s) => !done.has(s)) ?? null,
        currentStage: currentStage(done),
      };
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
      const { donor } = await visibleDonor(app, actor, request.params.id);
      const campaign = await campaignForDonorWork(app.db, actor, donor.organizationId, request.params.campaignId, CAMPAIGN_MESSAGES.archivedNoGoals);
      const goalText = request.body.goalText.trim();
      await app.db
        .insert(campaignGoals)
        .values({ campaignId: campaign.id, donorId: donor.id, organizationId: donor.organizationId, goalText })
        .onConflictDoUpdate({ target: [campaignGoals.campaignId, campaignGoals.donorId], set: { goalText, updatedAt: new Date() } });
      return { campaignId: campaign.id, goalText };
    },
  });

  app.post("/donors/:id/stages/preview", {
    schema: {
      tags: ["stages"],
      summary: "Build the prompt for a stage (stage prompt + donor data + campaign goal + notes + earlier stages), without calling the AI",
      params: idParams,
      body: stageRequestSchema,
      response: { 200: stagePreviewSchema, 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    onError: trackRefused(app, { actionType: "ai_interaction", actionName: "ai_preview", resourceType: "donor" }),
    handler: async (request) => {
      const actor = await actorFor(request);
      const setting = await currentAiSetting(app.db, app.ai);
      // A preview refused before the donor is known (another organisation's, a bad id) stays with the actor's organisation.
      const prepared = await app.activity.around(
        actor,
        request,
        { actionType: "ai_interaction", actionName: "ai_preview", resourceType: "donor", resourceId: request.params.id, details: { stage: request.body.stage, provider: setting.provider } },
        () => prepare(app, actor, request.params.id, request.body),
        (p) => ({ organizationId: p.donor.organizationId }),
      );
      return { prompt: prepared.prompt, promptVersion: prepared.promptVersion, provider: setting.provider, providerLabel: aiProviderLabel(setting.provider) };
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
      const prepared = await prepare(app, actor, request.params.id, request.body);
      const setting = await currentAiSetting(app.db, app.ai);
      const provider = app.ai.get(setting.provider);

      const out = new PassThrough();
      const send = (event: StageStreamEvent) => out.write(encodeStageStreamEvent(event));
      const abort = new AbortController();
      request.raw.once("close", () => {
        if (!reply.raw.writableEnded) abort.abort();
      });
      reply.header("content-type", "application/x-ndjson; charset=utf-8").header("cache-control", "no-cache").header("x-accel-buffering", "no");
      // A stream, not a JSON body: the declared schemas describe the errors answered before streaming starts.
      void (reply as FastifyReply).send(out);

      const started = performance.now();
      const details = { stage: request.body.stage, provider: provider.id, model: provider.model };
      try {
        send({ type: "start", provider: provider.id, model: provider.model });
        const result = await provider.generate({
          prompt: request.body.prompt,
          context: prepared.context,
          signal: abort.signal,
          onToken: (text) => send({ type: "token", text }),
        });
        // Saved only now, in one statement: a failed or cut-off answer leaves nothing half-saved.
        const [row] = await app.db
          .insert(stages)
          .values({
            donorId: prepared.donor.id,
            organizationId: prepared.donor.organizationId,
            stageName: request.body.stage,
            promptResponse: request.body.prompt,
            aiOutput: result.text,
            prepNotes: request.body.prepNotes?.trim() || null,
            campaignId: prepared.campaign?.id ?? null,
            userId: actor.userId,
            provider: provider.id,
            model: result.model,
            promptVersion: prepared.promptVersion,
          })
          .returning({ id: stages.id });
        const [record] = await stageRecords(app.db, prepared.donor.id, prepared.donor.organizationId, row!.id);
        send({ type: "done", record: record! });
        app.activity.record(actor, request, {
          organizationId: prepared.donor.organizationId,
          actionType: "ai_interaction",
          actionName: "ai_generate",
          resourceType: "donor",
          resourceId: prepared.donor.id,
          details,
          durationMs: Math.round(performance.now() - started),
        });
      } catch (err) {
        const message = err instanceof AiError ? err.message : STAGE_MESSAGES.saveFailed;
        if (!(err instanceof AiError)) request.log.error({ err }, "stage generation failed");
        send({ type: "error", message });
        app.activity.record(actor, request, {
          organizationId: prepared.donor.organizationId,
          actionType: "ai_interaction",
          actionName: "ai_generate",
          resourceType: "donor",
          resourceId: prepared.donor.id,
          details,
          success: false,
          errorMessage: message,
          durationMs: Math.round(performance.now() - started),
        });
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
      const { donor } = await visibleDonor(app, actor, request.params.id);
      const deleted = await app.db
        .delete(stages)
        .where(and(eq(stages.donorId, donor.id), eq(stages.organizationId, donor.organizationId)))
        .returning({ id: stages.id });
      app.activity.record(actor, request, { organizationId: donor.organizationId, actionType: "ai_interaction", actionName: "ai_stages_reset", resourceType: "donor", resourceId: donor.id, details: { deleted: deleted.length } });
      return { deleted: deleted.length };
    },
  });
};
