import { z } from "zod";
import { listPageNumber } from "../input.ts";
import { ISSUE_STATUSES } from "../support.ts";

/** /api/issues/{id} (any string up to 100 characters; a non-UUID is simply not found). */
export const issueParamsSchema = z.object({ id: z.string().max(100) });
/**
 * GET /api/issues?status=&page=&organizationId=: one page (ISSUE_PAGE_SIZE) of the issues in the
 * caller's scope, of one status or all of them; `organizationId` for admins.
 */
export const issueListQuerySchema = z.object({
  organizationId: z.uuid().optional(),
  status: z.enum(ISSUE_STATUSES).optional(),
  page: listPageNumber(),
});
