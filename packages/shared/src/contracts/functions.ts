import { z } from "zod";
import { aiProviderIdSchema } from "../ai.ts";
import { stageNameSchema } from "../campaigns.ts";

/** POST /api/functions/generatePrompt: the integration contract of the original product. */
export const generatePromptInputSchema = z.object({
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
export const generatePromptResultSchema = z.object({ aiOutput: z.string() });

/** POST /api/functions/trackAction */
export const trackActionResultSchema = z.object({ id: z.string() });
