import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorSchema, generatePromptInputSchema, generatePromptResultSchema } from "@cultivate/shared";
import { AiError } from "../../ai/types.ts";
import { donorActor } from "../../services/donors/access.ts";
import { generatePrompt } from "../../services/stages/generate-prompt.ts";

const bodySchema = generatePromptInputSchema;

/**
 * The generatePrompt function (docs/RULES.md, AI recommendations), kept for integrations: body donor, stage, campaignGoal,
 * prepNotes, stagePrompt, previousSummaries, aiProvider → { aiOutput } or { error }. Same session
 * and organisation checks as the rest of the API; nothing is saved. `aiProvider` is ignored unless the
 * caller is an admin: the global setting decides which (paid) provider is used.
 */
export const generatePromptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/functions/generatePrompt", {
    schema: {
      tags: ["stages"],
      summary:
        "Generate a stage recommendation from a donor object (integration contract of the original product); saves nothing",
      body: bodySchema,
      response: {
        200: generatePromptResultSchema,
        502: errorSchema,
        503: errorSchema,
      },
    },
    handler: async (request, reply) => {
      const actor = await donorActor(app, request);
      try {
        return await generatePrompt(app, actor, request, request.body);
      } catch (err) {
        if (err instanceof AiError) {
          const status = err.status === 503 ? 503 : 502;
          return reply.code(status).send({ error: err.message, message: err.message });
        }
        throw err;
      }
    },
  });
};
