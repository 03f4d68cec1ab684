import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import {
  aiProviderLabel,
  STAGE_MESSAGES,
  type stageGenerateSchema,
  type stageRequestSchema,
  type StageStreamEvent,
} from "@cultivate/shared";
import { AiError } from "../../ai/types.ts";
import type { AiProvider } from "../../ai/types.ts";
import type { Actor } from "../../policy/actor.ts";
import { currentAiSetting } from "../ai-settings/service.ts";
import { prepareStage, type PreparedStage } from "./prepare.ts";

/** The prompt a stage would send (nothing is called or saved); recorded as `ai_preview`. */
export async function previewStage(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  donorId: string,
  body: z.infer<typeof stageRequestSchema>,
) {
  const setting = await currentAiSetting(app);
  // A preview refused before the donor is known (another organisation's, a bad id) stays with the actor's organisation.
  const prepared = await app.activity.around(
    actor,
    request,
    {
      actionType: "ai_interaction",
      actionName: "ai_preview",
      resourceType: "donor",
      resourceId: donorId,
      details: { stage: body.stage, provider: setting.provider },
    },
    () => prepareStage(app, actor, donorId, body),
    (p) => ({ organizationId: p.donor.organizationId }),
  );
  return {
    prompt: prepared.prompt,
    promptVersion: prepared.promptVersion,
    provider: setting.provider,
    providerLabel: aiProviderLabel(setting.provider),
  };
}

/** A checked generation request: the prepared stage and the provider the global setting names. */
export async function prepareGeneration(
  app: FastifyInstance,
  actor: Actor,
  donorId: string,
  body: z.infer<typeof stageGenerateSchema>,
) {
  const prepared = await prepareStage(app, actor, donorId, body);
  const setting = await currentAiSetting(app);
  return { prepared, provider: app.ai.get(setting.provider) };
}

/**
 * Sends the (edited) prompt to the provider, passing each token to `send`, and saves the stage record only
 * when the answer is complete (docs/RULES.md, AI recommendations). Ends with a `done` or `error` event; never throws.
 */
export async function generateStage(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  { prepared, provider }: { prepared: PreparedStage; provider: AiProvider },
  body: z.infer<typeof stageGenerateSchema>,
  send: (event: StageStreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const started = performance.now();
  const details = { stage: body.stage, provider: provider.id, model: provider.model };
  const recordOutcome = (outcome: { success?: false; errorMessage?: string }) =>
    app.activity.record(actor, request, {
      organizationId: prepared.donor.organizationId,
      actionType: "ai_interaction",
      actionName: "ai_generate",
      resourceType: "donor",
      resourceId: prepared.donor.id,
      details,
      durationMs: Math.round(performance.now() - started),
      ...outcome,
    });
  try {
    send({ type: "start", provider: provider.id, model: provider.model });
    const result = await provider.generate({
      prompt: body.prompt,
      context: prepared.context,
      signal,
      onToken: (text) => send({ type: "token", text }),
    });
    // Saved only now, in one statement: a failed or cut-off answer leaves nothing half-saved.
    const id = await app.repos.stages.insert(prepared.donor.organizationId, prepared.donor.id, {
      stageName: body.stage,
      promptResponse: body.prompt,
      aiOutput: result.text,
      prepNotes: body.prepNotes?.trim() || null,
      campaignId: prepared.campaign?.id ?? null,
      userId: actor.userId,
      provider: provider.id,
      model: result.model,
      promptVersion: prepared.promptVersion,
    });
    const [record] = await app.repos.stages.records(prepared.donor.organizationId, prepared.donor.id, id);
    send({ type: "done", record: record! });
    recordOutcome({});
  } catch (err) {
    const message = err instanceof AiError ? err.message : STAGE_MESSAGES.saveFailed;
    if (!(err instanceof AiError)) request.log.error({ err }, "stage generation failed");
    send({ type: "error", message });
    recordOutcome({ success: false, errorMessage: message });
  }
}
