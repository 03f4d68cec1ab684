import type { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  DONOR_MESSAGES,
  importBatchSchema,
  importListQuerySchema,
  importListSchema,
  importParamsSchema,
  importQuerySchema,
} from "@cultivate/shared";
import { errorSchema } from "../../../lib/http.ts";
import { badRequest, HttpError } from "../../../lib/errors.ts";
import { can } from "../../../policy/policy.ts";
import { donorActor, writeOrganization } from "../../../services/donors/access.ts";
import { importHistory, importReport, startImport, undoImport } from "../../../services/donors/import-batches.ts";

const idParams = importParamsSchema;
// Not text/plain: a page on another site can send that without asking first (auth/origin.ts).
const CSV_TYPES = ["text/csv", "application/csv", "application/vnd.ms-excel"];

export const donorImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // The jobs themselves (recovery at start-up, stopping at shutdown) are built in app.ts: `app.donorImportJobs`.

  // The CSV body is handed over as a stream (never buffered whole); spoolUpload enforces the size limit.
  app.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));

  app.post("/donors/imports", {
    config: { accepts: CSV_TYPES, unsupportedMediaTypeMessage: DONOR_MESSAGES.invalidCsv },
    schema: {
      tags: ["donors"],
      summary: "Upload CSV: the body is the file (Content-Type text/csv, ≤ 1 GB); starts a background import job",
      querystring: importQuerySchema,
      response: {
        202: importBatchSchema,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
        404: errorSchema,
        409: errorSchema,
        413: errorSchema,
        415: errorSchema,
      },
    },
    handler: async (request, reply) => {
      const actor = await donorActor(app, request, can.importDonors);
      const organizationId = await writeOrganization(app, actor, request.query.targetOrganizationId);
      const body = request.body as unknown;
      const type = String(request.headers["content-type"] ?? "")
        .split(";")[0]!
        .trim()
        .toLowerCase();
      if (!body && CSV_TYPES.includes(type)) throw badRequest(DONOR_MESSAGES.emptyCsv);
      if (!body || typeof (body as Readable).pipe !== "function")
        throw new HttpError(415, "unsupported_media_type", DONOR_MESSAGES.invalidCsv);
      return reply
        .code(202)
        .send(await startImport(app, actor, request, organizationId, body as Readable, request.query.fileName ?? null));
    },
  });

  app.get("/donors/imports", {
    schema: {
      tags: ["donors"],
      summary:
        "Import history of the organisation, newest first, 20 a page (who, when, status, counts; no problem rows)",
      querystring: importListQuerySchema,
      response: { 200: importListSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request);
      return importHistory(app, actor, request.query);
    },
  });

  app.get("/donors/imports/:id", {
    schema: {
      tags: ["donors"],
      summary: "Import status and report: progress, counts, problems (row, column, problem)",
      params: idParams,
      response: { 200: importBatchSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request);
      return importReport(app, actor, request.params.id);
    },
  });

  app.post("/donors/imports/:id/undo", {
    schema: {
      tags: ["donors"],
      summary:
        "Undo an import: its inserted donors are removed and its updates reverted (whoever ran it, or a manager, owner or admin)",
      params: idParams,
      response: { 202: importBatchSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    handler: async (request, reply) => {
      const actor = await donorActor(app, request, can.importDonors);
      return reply.code(202).send(await undoImport(app, actor, request, request.params.id));
    },
  });
};
