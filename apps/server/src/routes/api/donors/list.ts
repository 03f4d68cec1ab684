import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  csvCell,
  parseDonorFilters,
  DONOR_EXPORT_HEADERS,
  donorExportFileName,
  donorExportQuerySchema,
  donorListQuerySchema,
  donorListResponseSchema,
} from "@cultivate/shared";
import { errorSchema, prefetchedStream } from "../../../lib/http.ts";
import { badRequest, notFound } from "../../../lib/errors.ts";
import type { Actor } from "../../../policy/actor.ts";
import { assertSameOrganization } from "../../../policy/policy.ts";
import type { DonorScope } from "../../../services/donors/list-sql.ts";
import { assertInScope, donorActor, readScope } from "../../../services/donors/access.ts";
import type { FastifyInstance } from "fastify";

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

export const donorListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/donors", {
    schema: {
      tags: ["donors"],
      summary:
        "Donor list: server-side filters (docs/RULES.md, Donor filters), sort (Last Name, First Name) and paging with exact counts",
      querystring: donorListQuerySchema,
      response: {
        200: donorListResponseSchema,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        404: errorSchema,
      },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request);
      const q = request.query;
      const scope = readScope(actor, q.organizationId);
      const group = await scopedGroup(app, actor, scope, q.staticGroup);
      const filters = filtersOf(q.filters);
      const params = { scope, filters, groupId: group?.id, sort: q.sort, dir: q.dir };
      const [{ rows, total }, unfilteredTotal, dsRatings] = await Promise.all([
        app.repos.donors.list({ ...params, page: q.page, pageSize: q.pageSize }),
        Object.keys(filters).length ? app.repos.donors.count(params) : Promise.resolve(-1),
        app.repos.donors.dsRatings(scope),
      ]);
      return {
        rows,
        total,
        page: q.page,
        pageSize: q.pageSize,
        pageCount: Math.max(1, Math.ceil(total / q.pageSize)),
        unfilteredTotal: unfilteredTotal < 0 ? total : unfilteredTotal,
        dsRatings,
        group: group ? { id: group.id, name: group.name } : null,
        appliedFilters: filters,
      };
    },
  });

  app.get("/donors/export", {
    schema: {
      tags: ["donors"],
      summary:
        "Export CSV (docs/RULES.md, Export): every donor matching the filters, 16 columns, streamed as donors_{date}.csv",
      querystring: donorExportQuerySchema,
      produces: ["text/csv"],
      response: { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request, reply) => {
      const actor = await donorActor(app, request);
      const q = request.query;
      const scope = readScope(actor, q.organizationId);
      const group = await scopedGroup(app, actor, scope, q.staticGroup);
      const filters = filtersOf(q.filters);
      const started = performance.now();
      let exported = 0;
      const lines = async function* () {
        yield DONOR_EXPORT_HEADERS.map(csvCell).join(",") + "\r\n";
        for await (const lines of app.repos.donors.exportLines({
          scope,
          filters,
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
      // The header line and the first batch are read before the reply starts (validation before the first byte).
      const stream = await prefetchedStream(lines());
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${donorExportFileName()}"`)
        .header("cache-control", "no-store");
      return reply.send(stream as never);
    },
  });
};
