import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  type AiProviderId,
  aiProviderIdSchema,
  PROMPT_MESSAGES,
  stageNameSchema,
  type AiSetting,
  type StageName,
} from "@cultivate/shared";
import { badRequest } from "../../lib/errors.ts";
import type { Actor } from "../../policy/actor.ts";

/** The global provider: the setting row, or the registry's default when none exists (docs/RULES.md, AI provider). */
export async function currentAiSetting(app: Pick<FastifyInstance, "repos" | "ai">): Promise<AiSetting> {
  const row = await app.repos.aiSettings.providerRow();
  const parsed = row ? aiProviderIdSchema.safeParse(row.aiProvider) : null;
  return {
    provider: parsed?.success ? parsed.data : app.ai.defaultId(),
    configured: Boolean(parsed?.success),
    updatedAt: row ? row.updatedAt.toISOString() : null,
    available: app.ai.all().map((p) => ({ value: p.id, label: p.label, model: p.model, ready: p.ready })),
  };
}

/** Sets the global provider (the route has checked can.changeAiProvider) and records the change. */
export async function changeAiProvider(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  provider: AiProviderId,
): Promise<AiSetting> {
  await app.repos.aiSettings.setProvider(provider, actor.userId);
  // Platform-wide, no organisation's record: filed under none, so only admins see it.
  app.activity.record(actor, request, {
    organizationId: null,
    actionType: "system",
    actionName: "ai_provider_change",
    details: { provider },
  });
  return currentAiSetting(app);
}

/** A stage's prompt as the settings screen shows it. */
export async function promptOf(app: Pick<FastifyInstance, "repos">, stage: string) {
  const prompts = app.repos.prompts;
  const [current, lastEditedAt, versionCount] = [
    await prompts.current(stage),
    await prompts.lastEditedAt(stage),
    await prompts.versionCount(stage),
  ];
  return {
    stageName: stageNameSchema.parse(stage),
    promptText: current?.promptText ?? "",
    version: current?.version ?? 0,
    lastSavedAt: lastEditedAt ? lastEditedAt.toISOString() : null,
    versionCount,
  };
}

export async function savePrompt(
  app: Pick<FastifyInstance, "repos">,
  stage: StageName,
  promptText: string,
  userId: string,
) {
  await app.repos.prompts.saveVersion(stage, promptText, userId);
  return promptOf(app, stage);
}

/** Restore Previous: the second newest version becomes current, recorded as a new version (history is kept). */
export async function restorePreviousPrompt(app: Pick<FastifyInstance, "repos">, stage: StageName, userId: string) {
  const [, previous] = await app.repos.prompts.versions(stage, 2);
  if (!previous) throw badRequest(PROMPT_MESSAGES.noEarlier(stage));
  return savePrompt(app, stage, previous.promptText, userId);
}

export async function promptVersions(app: Pick<FastifyInstance, "repos">, stage: StageName) {
  const rows = await app.repos.prompts.versions(stage);
  return {
    versions: rows.map((r) => ({
      version: r.version,
      promptText: r.promptText,
      editedAt: r.editedAt.toISOString(),
      editedBy: r.editedBy,
    })),
  };
}
