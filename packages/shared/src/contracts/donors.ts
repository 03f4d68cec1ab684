import { z } from "zod";

/** /api/donors/{id}… (any string; a non-UUID is simply not found). */
export const donorParamsSchema = z.object({ id: z.string() });
