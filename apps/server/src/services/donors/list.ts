import type { FastifyInstance, FastifyRequest } from "fastify";
import type {
  DonorDsRatingsQuery,
  DonorExportQuery,
  DonorFilterSettings,
  DonorListQuery,
  DonorListResponse,
} from "@cultivate/shared";
import { csvCell, DONOR_EXPORT_HEADERS, parseDonorFilters, PORTFOLIO_FILTER_MINE } from "@cultivate/shared";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { Actor } from "../../policy/actor.ts";
import { assertSameOrganization } from "../../policy/policy.ts";
import { assertInScope, readScope } from "./access.ts";
import type { DonorScope } from "./list-sql.ts";

/**
 * The donor list and its CSV export (docs/RULES.md, Donor filters and Export), over `app.repos.donors`.
 * The route has checked who may read donors (`donorActor`); here: which organisation, which group,
 * which filters, and the export's action history row.
 */

/** A static group the scope may read, or 404 (also for another organisation's group). */
async function scopedGroup(app: FastifyInstance, actor: Actor, scope: DonorScope, groupId: string | undefined) {
  if (!groupId) return null;
  const group = await app.repos.donorGroups.find(groupId);
  if (!group) throw notFound("Group not found.");
  assertInScope(scope, group.organizationId, "Group not found.");
  assertSameOrganization(actor, group.organizationId, "Group not found.");
  return group;
}

/** The request's filters, or 400 with the first problem ("Age must be a whole number."). */
function filtersOf(value: string | undefined) {
  const parsed = parseDonorFilters(value);
  if (!parsed.ok) throw badRequest(parsed.message);
  return parsed.filters;
}

/** The filters as the query applies them: the Portfolio filter's "mine" is the signed-in user's id. */
const forQuery = (filters: DonorFilterSettings, actor: Actor): DonorFilterSettings =>
  filters.portfolio === PORTFOLIO_FILTER_MINE ? { ...filters, portfolio: actor.userId } : filters;

/**
 * One page of donors with the exact number matching. The number before the filters only where a screen
 * uses it (see `unfilteredTotal` in packages/shared/src/donors/list.ts): the same count when nothing is
 * filtered, counted apart when nothing matches.
 */
export async function listDonors(app: FastifyInstance, actor: Actor, q: DonorListQuery): Promise<DonorListResponse> {
  const scope = readScope(actor, q.organizationId);
  const group = await scopedGroup(app, actor, scope, q.staticGroup);
  const filters = filtersOf(q.filters);
  const params = { scope, filters: forQuery(filters, actor), groupId: group?.id, sort: q.sort, dir: q.dir };
  const { rows, total } = await app.repos.donors.list({ ...params, page: q.page, pageSize: q.pageSize });
  const filtered = Object.keys(filters).length > 0;
  return {
    rows,
    total,
    page: q.page,
    pageSize: q.pageSize,
    pageCount: Math.max(1, Math.ceil(total / q.pageSize)),
    unfilteredTotal: !filtered ? total : total === 0 ? await app.repos.donors.count(params) : null,
    group: group ? { id: group.id, name: group.name } : null,
    appliedFilters: filters,
  };
}

/** The DS Rating filter's options: the ratings present in the scope's donors, sorted. */
export async function listDsRatings(app: FastifyInstance, actor: Actor, q: DonorDsRatingsQuery) {
  return { dsRatings: await app.repos.donors.dsRatings(readScope(actor, q.organizationId)) };
}

/**
 * The export's CSV text, header line first, in batches of lines. Scope, group and filters are checked
 * before it is returned (a refusal is a JSON error, not a broken download); the action history row is
 * written once the last donor has been read.
 */
export async function donorExportLines(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  q: DonorExportQuery,
): Promise<AsyncGenerator<string>> {
  const scope = readScope(actor, q.organizationId);
  const group = await scopedGroup(app, actor, scope, q.staticGroup);
  const filters = filtersOf(q.filters);
  const started = performance.now();
  let exported = 0;
  const lines = async function* () {
    yield DONOR_EXPORT_HEADERS.map(csvCell).join(",") + "\r\n";
    for await (const lines of app.repos.donors.exportLines({
      scope,
      filters: forQuery(filters, actor),
      groupId: group?.id,
      sort: q.sort,
      dir: q.dir,
    })) {
      exported += lines.length;
      yield lines.join("\r\n") + "\r\n";
    }
    app.activity.record(actor, request, {
      // Filed under the organisation whose donors were read. An admin's export of all organisations, or of
      // an id that matched no donor (perhaps no organisation at all), belongs to none: admins see it.
      organizationId:
        "organizationId" in scope && (exported > 0 || scope.organizationId === actor.organizationId)
          ? scope.organizationId
          : null,
      actionType: "donor_management",
      actionName: "export_donors",
      resourceType: "donor",
      details: { count: exported, filters, staticGroup: group?.id ?? null },
      durationMs: Math.round(performance.now() - started),
    });
  };
  return lines();
}
