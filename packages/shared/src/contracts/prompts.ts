import { z } from "zod";
import { stageNameSchema, stagePromptSchema, stagePromptVersionSchema } from "../campaigns.ts";

/** /api/prompts/{stage}… */
export const promptStageParamsSchema = z.object({ stage: stageNameSchema });
/** GET /api/prompts */
export const promptListSchema = z.object({ prompts: z.array(stagePromptSchema) });
/** GET /api/prompts/{stage}/versions */
export const promptVersionListSchema = z.object({ versions: z.array(stagePromptVersionSchema) });
