import { z } from "zod";
import { aiProviderIdSchema } from "../ai.ts";

/** PUT /api/settings/ai-provider */
export const aiProviderInputSchema = z.object({ provider: aiProviderIdSchema });
