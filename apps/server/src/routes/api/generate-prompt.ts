import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { aiProviderIdSchema, stageNameSchema } from "@cultivate/shared";
import { AiError } from "../../ai/types.ts";
import { donorActor } from "../../services/donors/access.ts";
import { generatePrompt } from "../../services/stages/generate-prompt.ts";

const bodySchema = z.object({
  /** The donor as the spec's clients send it; `id` ties the call to a donor of your organisation. */
  donor: z.looseObject({ id: z.string().optional() }),
  stage: stageNameSchema,
  campaignGoal: z.string().max(5000).nullish(),
  prepNotes: z.string().max(10_000).nullish(),
  stagePrompt: z.string().max(20_000).nullish(),
  previousSummaries: z.string().max(100_000).nullish(),
  /** Honoured for admins only; everyone else gets the global provider (issue 11 item 8). */
  aiProvider: aiProviderIdSchema.optional(),
});

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
      summary: "Generate a stage recommendation from a donor object (integration contract of the original product); saves nothing",
      body: bodySchema,
      response: {
        200: z.object({ aiOutput: z.string() }),
        502: z.object({ error: z.string(), message: z.string() }),
        503: z.object({ error: z.string(), message: z.string() }),
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
