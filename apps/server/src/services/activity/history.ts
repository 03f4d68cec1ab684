import type { FastifyInstance, FastifyRequest } from "fastify";
import { prefetchedStream } from "../../lib/http.ts";
import type { Actor } from "../../policy/actor.ts";
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
export const actionFilterOptions = (
  app: FastifyInstance,
  organizationId: string | null,
  search: { q?: string; userId?: string },
) => app.repos.actions.filterOptions(organizationId, search);

/**
 * Every matching action as CSV (the 12 columns), newest first, read in keyset-paged chunks. The header
 * line and the first page are read before this answers (a refusal is a JSON error, not a broken
 * download); the export itself is then recorded.
 */
export async function exportActions(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  q: ActionQuery,
  filters: Record<string, unknown>,
) {
  const stream = await prefetchedStream(app.repos.actions.csv(q));
  app.activity.record(actor, request, {
    // Filed under the organisation whose history was read (an admin's export of every organisation, or of
    // an id that names no organisation: none, so only admins see it).
    organizationId:
      q.organizationId && (await app.repos.organizations.exists(q.organizationId)) ? q.organizationId : null,
    actionType: "data_management",
    actionName: "actions_export",
    resourceType: "user_actions",
    details: { filters },
  });
  return stream;
}
