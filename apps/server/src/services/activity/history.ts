import type { FastifyInstance } from "fastify";
import type { ActionQuery } from "./repository.ts";

export type { ActionQuery } from "./repository.ts";

/**
 * The action history (docs/RULES.md, Activity history), over `app.repos.actions`. The route decides the
 * organisation (`ActionQuery.organizationId`; null only for an admin who names none).
 */

/** One page, newest first, with the exact number of matching actions (50 per page with an exact count). */
export const listActions = (app: FastifyInstance, q: ActionQuery, offset: number, limit: number) =>
  app.repos.actions.list(q, offset, limit);

/** Totals, failures, counts per type and the average duration of the matching actions. */
export const summarizeActions = (app: FastifyInstance, q: ActionQuery) => app.repos.actions.summarize(q);

/** Values for the filter dropdowns, inside the caller's scope. */
export const actionFilterOptions = (app: FastifyInstance, organizationId: string | null) =>
  app.repos.actions.filterOptions(organizationId);

/** Every matching action as CSV (the 12 columns), newest first, read in keyset-paged chunks. */
export const actionsCsv = (app: FastifyInstance, q: ActionQuery, chunk?: number) => app.repos.actions.csv(q, chunk);
