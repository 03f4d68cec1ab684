import { z } from "zod";
import { importBatchSchema } from "../donors.ts";

/** /api/donors/imports/{id}… */
export const importParamsSchema = z.object({ id: z.string() });
/** GET /api/donors/imports?organizationId= */
export const importListQuerySchema = z.object({ organizationId: z.string().uuid().optional() });
export const importListSchema = z.object({ imports: z.array(importBatchSchema) });
