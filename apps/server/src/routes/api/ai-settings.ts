import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  aiProviderIdSchema,
  aiProviderInputSchema,
  aiSettingSchema,
  ONLY_ADMIN_AI_PROVIDER,
  PROMPT_MESSAGES,
  promptListSchema,
  promptStageParamsSchema,
  promptVersionListSchema,
  STAGES,
  stageNameSchema,
  stagePromptInputSchema,
  stagePromptSchema,
  type AiSetting,
} from "@cultivate/shared";
import { appSettings, stagePrompts, stagePromptVersions } from "../../db/schema.ts";
import type { Db } from "../../db/client.ts";
import { badRequest } from "../../lib/errors.ts";
import { errorSchema } from "../../lib/http.ts";
import { authorize, can, requireActor } from "../../policy/policy.ts";
import type { AiRegistry } from "../../ai/registry.ts";
import { trackRefused } from "../../services/activity/track.ts";

/** The global provider: the setting row, or the registry's default when none exists (docs/RULES.md, AI provider). */
export async function currentAiSetting(db: Db, ai: AiRegistry): Promise<AiSetting> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.id, 1));
  const parsed = row ? aiProviderIdSchema.safeParse(row.aiProvider) : null;
  return {
    provider: parsed?.success ? parsed.data : ai.defaultId(),
    configured: Boolean(parsed?.success),
    updatedAt: row ? row.updatedAt.toISOString() : null,
    available: ai.all().map((p) => ({ value: p.id, label: p.label, model: p.model, ready: p.ready })),
  };
}

async function promptOf(db: Db, stage: string) {
  const [current] = await db.select().from(stagePrompts).where(eq(stagePrompts.stageName, stage));
  const [latestEdit] = await db
    .select({ editedAt: stagePromptVersions.editedAt })
    .from(stagePromptVersions)
    .where(and(eq(stagePromptVersions.stageName, stage), sql`${stagePromptVersions.editedBy} is not null`))
    .orderBy(desc(stagePromptVersions.version))
    .limit(1);
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stagePromptVersions)
    .where(eq(stagePromptVersions.stageName, stage))) as [{ count: number }];
  return {
    stageName: stageNameSchema.parse(stage),
    promptText: current?.promptText ?? "",
    version: current?.version ?? 0,
    lastSavedAt: latestEdit ? latestEdit.editedAt.toISOString() : null,
    versionCount: count,
  };
}

/** Adds a version and makes it current, in one transaction (docs/RULES.md, Prompts). */
async function saveVersion(db: Db, stage: string, promptText: string, userId: string) {
  await db.transaction(async (tx) => {
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${stagePromptVersions.version}), 0)::int + 1` })
      .from(stagePromptVersions)
      .where(eq(stagePromptVersions.stageName, stage))) as [{ next: number }];
    await tx.insert(stagePromptVersions).values({ stageName: stage, version: next, promptText, editedBy: userId });
    await tx
      .insert(stagePrompts)
      .values({ stageName: stage, promptText, version: next, updatedBy: userId })
      .onConflictDoUpdate({ target: stagePrompts.stageName, set: { promptText, version: next, updatedBy: userId, updatedAt: new Date() } });
  });
}

export const aiSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/settings/ai-provider", {
    schema: { tags: ["ai"], summary: "The global AI provider (any signed-in user may read it)", response: { 200: aiSettingSchema, 401: errorSchema } },
    handler: async (request) => {
      requireActor(await app.getActor(request));
      return currentAiSetting(app.db, app.ai);
    },
  });

  app.put("/settings/ai-provider", {
    schema: {
      tags: ["ai"],
      summary: "Change the global AI provider (admins only); takes effect for everyone at once",
      body: aiProviderInputSchema,
      response: { 200: aiSettingSchema, 401: errorSchema, 403: errorSchema },
    },
    onError: trackRefused(app, { actionType: "system", actionName: "ai_provider_change" }),
    handler: async (request) => {
      const actor = requireActor(await app.getActor(request));
      authorize(actor, can.changeAiProvider, ONLY_ADMIN_AI_PROVIDER);
      await app.db
        .insert(appSettings)
        .values({ id: 1, aiProvider: request.body.provider, updatedBy: actor.userId })
        .onConflictDoUpdate({ target: appSettings.id, set: { aiProvider: request.body.provider, updatedBy: actor.userId, updatedAt: new Date() } });
      // Platform-wide, no organisation's record: filed under none, so only admins see it.
      app.activity.record(actor, request, { organizationId: null, actionType: "system", actionName: "ai_provider_change", details: { provider: request.body.provider } });
      return currentAiSetting(app.db, app.ai);
    },
  });

  const stageParams = promptStageParamsSchema;

  app.get("/prompts", {
    schema: { tags: ["ai"], summary: "The current prompt of each stage (admins only)", response: { 200: promptListSchema, 403: errorSchema } },
    handler: async (request) => {
      authorize(requireActor(await app.getActor(request)), can.editPrompts, PROMPT_MESSAGES.accessDenied);
      return { prompts: await Promise.all(STAGES.map((s) => promptOf(app.db, s))) };
    },
  });

  app.put("/prompts/:stage", {
    schema: {
      tags: ["ai"],
      summary: "Save a stage's prompt: adds a version and makes it current",
      params: stageParams,
      body: stagePromptInputSchema,
      response: { 200: stagePromptSchema, 400: errorSchema, 403: errorSchema },
    },
    handler: async (request) => {
      const actor = requireActor(await app.getActor(request));
      authorize(actor, can.editPrompts, PROMPT_MESSAGES.accessDenied);
      await saveVersion(app.db, request.params.stage, request.body.promptText, actor.userId);
      return promptOf(app.db, request.params.stage);
    },
  });

  app.post("/prompts/:stage/restore", {
    schema: {
      tags: ["ai"],
      summary: "Restore Previous: the second newest version becomes current (recorded as a new version, so history is kept)",
      params: stageParams,
      response: { 200: stagePromptSchema, 400: errorSchema, 403: errorSchema },
    },
    handler: async (request) => {
      const actor = requireActor(await app.getActor(request));
      authorize(actor, can.editPrompts, PROMPT_MESSAGES.accessDenied);
      const { stage } = request.params;
      const [, previous] = await app.db
        .select()
        .from(stagePromptVersions)
        .where(eq(stagePromptVersions.stageName, stage))
        .orderBy(desc(stagePromptVersions.version))
        .limit(2);
      if (!previous) throw badRequest(PROMPT_MESSAGES.noEarlier(stage));
      await saveVersion(app.db, stage, previous.promptText, actor.userId);
      return promptOf(app.db, stage);
    },
  });

  app.get("/prompts/:stage/versions", {
    schema: {
      tags: ["ai"],
      summary: "Version history of a stage's prompt, newest first",
      params: stageParams,
      response: { 200: promptVersionListSchema, 403: errorSchema },
    },
    handler: async (request) => {
      authorize(requireActor(await app.getActor(request)), can.editPrompts, PROMPT_MESSAGES.accessDenied);
      const rows = await app.db
        .select()
        .from(stagePromptVersions)
        .where(eq(stagePromptVersions.stageName, request.params.stage))
        .orderBy(desc(stagePromptVersions.version));
      return { versions: rows.map((r) => ({ version: r.version, promptText: r.promptText, editedAt: r.editedAt.toISOString(), editedBy: r.editedBy })) };
    },
  });
};
