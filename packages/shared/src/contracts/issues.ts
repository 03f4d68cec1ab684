import { z } from "zod";

/** /api/issues/{id} (any string up to 100 characters; a non-UUID is simply not found). */
export const issueParamsSchema = z.object({ id: z.string().max(100) });
/** GET /api/issues?organizationId= (admins) */
export const issueListQuerySchema = z.object({ organizationId: z.uuid().optional() });
