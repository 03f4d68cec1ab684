import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  donorDsRatingsQuerySchema,
  donorDsRatingsResponseSchema,
  donorExportFileName,
  donorExportQuerySchema,
  donorListQuerySchema,
  donorListResponseSchema,
} from "@cultivate/shared";
import { errorSchema, prefetchedStream } from "../../../lib/http.ts";
import { donorActor } from "../../../services/donors/access.ts";
import { donorExportLines, listDonors, listDsRatings } from "../../../services/donors/list.ts";

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
    handler: async (request) => listDonors(app, await donorActor(app, request), request.query),
  });

  // Apart from the pages: paging and filtering do not change the options, so the screen asks once (ADR 065).
  app.get("/donors/ds-ratings", {
    schema: {
      tags: ["donors"],
      summary: "The DS Rating filter's options: the DS ratings present in the organisation's donors, sorted",
      querystring: donorDsRatingsQuerySchema,
      response: { 200: donorDsRatingsResponseSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => listDsRatings(app, await donorActor(app, request), request.query),
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
      const lines = await donorExportLines(app, await donorActor(app, request), request, request.query);
      // The header line and the first batch are read before the reply starts (validation before the first byte).
      const stream = await prefetchedStream(lines);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${donorExportFileName()}"`)
        .header("cache-control", "no-store");
      return reply.send(stream as never);
    },
  });
};
