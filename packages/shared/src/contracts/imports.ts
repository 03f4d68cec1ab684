import { z } from "zod";
import { importBatchSchema } from "../donors.ts";

/** /api/donors/imports/{id}… */
export const importParamsSchema = z.object({ id: z.string() });
/** The import history's page size (issue 14). */
export const IMPORT_PAGE_SIZE = 20;
/** GET /api/donors/imports?organizationId=&page=: the import history, newest first. */
export const importListQuerySchema = z.object({
  organizationId: z.string().uuid().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const importListSchema = z.object({
  /** Without problem rows: GET /api/donors/imports/{id} has the report. */
  imports: z.array(importBatchSchema),
  /** Exact number of imports in the scope. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ImportList = z.infer<typeof importListSchema>;
