import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  aiProviderInputSchema,
  aiSettingSchema,
  ONLY_ADMIN_AI_PROVIDER,
  PROMPT_MESSAGES,
  promptListSchema,
  promptStageParamsSchema,
  promptVersionListSchema,
  STAGES,
  stagePromptInputSchema,
  stagePromptSchema,
} from "@cultivate/shared";
import { errorSchema } from "../../lib/http.ts";
import { authorize, can, requireActor } from "../../policy/policy.ts";
import { trackRefused } from "../../services/activity/track.ts";
import {
  changeAiProvider,
  currentAiSetting,
  promptOf,
  promptVersions,
  restorePreviousPrompt,
  savePrompt,
} from "../../services/ai-settings/service.ts";

export const aiSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/settings/ai-provider", {
    schema: {
      tags: ["ai"],
      summary: "The global AI provider (any signed-in user may read it)",
      response: { 200: aiSettingSchema, 401: errorSchema },
    },
    handler: async (request) => {
      requireActor(await app.getActor(request));
      return currentAiSetting(app);
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
      return changeAiProvider(app, actor, request, request.body.provider);
    },
  });

  const stageParams = promptStageParamsSchema;

  app.get("/prompts", {
    schema: {
      tags: ["ai"],
      summary: "The current prompt of each stage (admins only)",
      response: { 200: promptListSchema, 403: errorSchema },
    },
    handler: async (request) => {
      authorize(requireActor(await app.getActor(request)), can.editPrompts, PROMPT_MESSAGES.accessDenied);
      return { prompts: await Promise.all(STAGES.map((s) => promptOf(app, s))) };
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
      return savePrompt(app, request.params.stage, request.body.promptText, actor.userId);
    },
  });

  app.post("/prompts/:stage/restore", {
    schema: {
      tags: ["ai"],
      summary:
        "Restore Previous: the second newest version becomes current (recorded as a new version, so history is kept)",
      params: stageParams,
      response: { 200: stagePromptSchema, 400: errorSchema, 403: errorSchema },
    },
    handler: async (request) => {
      const actor = requireActor(await app.getActor(request));
      authorize(actor, can.editPrompts, PROMPT_MESSAGES.accessDenied);
      return restorePreviousPrompt(app, request.params.stage, actor.userId);
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
      return promptVersions(app, request.params.stage);
    },
  });
};
