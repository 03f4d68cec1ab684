import type { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { and, asc, desc, eq } from "drizzle-orm";
import { DONOR_MESSAGES, IMPORT_PROBLEMS_SHOWN, importBatchSchema, importQuerySchema, type ImportBatch } from "@cultivate/shared";
import { donorImportBatches, donorImportProblems } from "../../../db/schema.ts";
import { errorSchema } from "../../../lib/http.ts";
import { badRequest, conflict, HttpError, notFound } from "../../../lib/errors.ts";
import { assertSameOrganization, can } from "../../../policy/policy.ts";
import { DonorImportJobs, spoolUpload } from "../../../services/donors/importer.ts";
import { donorActor, iso, readScope, UUID_RE, writeOrganization } from "./context.ts";

type BatchRow = typeof donorImportBatches.$inferSelect;

function present(b: BatchRow, problems: ImportBatch["problems"] = []): ImportBatch {
  const n = b.inserted + b.updated + b.unchanged;
  return {
    id: b.id,
    organizationId: b.organizationId,
    fileName: b.fileName,
    status: b.status,
    rowsTotal: b.rowsTotal,
    rowsDone: b.rowsDone,
    counts: { inserted: b.inserted, updated: b.updated, unchanged: b.unchanged, skipped: b.skipped },
    problemCount: b.problemCount,
    problems,
    error: b.error,
    message: b.status === "completed" || b.status === "undone" ? DONOR_MESSAGES.uploadSuccess(n) : null,
    createdAt: iso(b.createdAt)!,
    finishedAt: iso(b.finishedAt),
    undoneAt: iso(b.undoneAt),
    canUndo: b.status === "completed" && b.inserted + b.updated > 0,
  };
}

const idParams = z.object({ id: z.string() });
// Not text/plain: a page on another site can send that without asking first (auth/origin.ts).
const CSV_TYPES = ["text/csv", "application/csv", "application/vnd.ms-excel"];

export const donorImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = new DonorImportJobs(app.db, app.log);
  app.addHook("onReady", async () => jobs.failStale());
  app.addHook("onClose", async () => jobs.close());

  // The CSV body is handed over as a stream (never buffered whole); spoolUpload enforces the size limit.
  app.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));

  const visibleBatch = async (actorId: Parameters<typeof assertSameOrganization>[0], id: string) => {
    if (!UUID_RE.test(id)) throw notFound("Import not found.");
    const [b] = await app.db.select().from(donorImportBatches).where(eq(donorImportBatches.id, id));
    if (!b) throw notFound("Import not found.");
    assertSameOrganization(actorId, b.organizationId, "Import not found.");
    return b;
  };

  app.post("/donors/imports", {
    config: { accepts: CSV_TYPES, unsupportedMediaTypeMessage: DONOR_MESSAGES.invalidCsv },
    schema: {
      tags: ["donors"],
      summary: "Upload CSV: the body is the file (Content-Type text/csv, ≤ 200 MB); starts a background import job",
      querystring: importQuerySchema,
      response: { 202: importBatchSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 413: errorSchema, 415: errorSchema },
    },
    handler: async (request, reply) => {
      const actor = await donorActor(app, request, can.importDonors);
      const organizationId = await writeOrganization(app, actor, request.query.targetOrganizationId);
      const body = request.body as unknown;
      const type = String(request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      if (!body && CSV_TYPES.includes(type)) throw badRequest(DONOR_MESSAGES.emptyCsv);
      if (!body || typeof (body as Readable).pipe !== "function") throw new HttpError(415, "unsupported_media_type", DONOR_MESSAGES.invalidCsv);
      if (jobs.isBusy(organizationId)) {
        (body as Readable).resume();
        throw conflict(DONOR_MESSAGES.importBusy);
      }
      const upload = await spoolUpload(body as Readable);
      const [batch] = await app.db
        .insert(donorImportBatches)
        .values({ organizationId, userId: actor.userId, fileName: request.query.fileName ?? null, rowsTotal: upload.rowsTotal })
        .returning();
      jobs.startImport(batch!.id, organizationId, actor.userId, upload);
      app.activity.record(actor, request, {
        actionType: "data_management",
        actionName: "csv_upload",
        resourceType: "donor_import",
        resourceId: batch!.id,
        details: { rows: upload.rowsTotal, bytes: upload.bytes, organizationId, fileName: request.query.fileName ?? null },
      });
      return reply.code(202).send(present(batch!));
    },
  });

  app.get("/donors/imports", {
    schema: {
      tags: ["donors"],
      summary: "Recent imports of the organisation (newest first)",
      querystring: z.object({ organizationId: z.string().uuid().optional() }),
      response: { 200: z.object({ imports: z.array(importBatchSchema) }), 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request);
      const scope = readScope(actor, request.query.organizationId);
      const rows = await app.db
        .select()
        .from(donorImportBatches)
        .where("organizationId" in scope ? eq(donorImportBatches.organizationId, scope.organizationId) : undefined)
        .orderBy(desc(donorImportBatches.createdAt))
        .limit(20);
      return { imports: rows.map((b) => present(b)) };
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
      const b = await visibleBatch(actor, request.params.id);
      const problems = await app.db
        .select({ row: donorImportProblems.row, column: donorImportProblems.column, problem: donorImportProblems.problem })
        .from(donorImportProblems)
        .where(eq(donorImportProblems.batchId, b.id))
        .orderBy(asc(donorImportProblems.row), asc(donorImportProblems.id))
        .limit(IMPORT_PROBLEMS_SHOWN);
      return present(b, problems);
    },
  });

  app.post("/donors/imports/:id/undo", {
    schema: {
      tags: ["donors"],
      summary: "Undo an import: its inserted donors are removed and its updates reverted",
      params: idParams,
      response: { 202: importBatchSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
    },
    handler: async (request, reply) => {
      const actor = await donorActor(app, request, can.importDonors);
      const b = await visibleBatch(actor, request.params.id);
      if (b.status !== "completed") throw conflict(DONOR_MESSAGES.importNotUndoable);
      if (jobs.isBusy(b.organizationId)) throw conflict(DONOR_MESSAGES.importBusy);
      const [updated] = await app.db
        .update(donorImportBatches)
        .set({ status: "undoing", error: null })
        .where(and(eq(donorImportBatches.id, b.id), eq(donorImportBatches.status, "completed")))
        .returning();
      if (!updated) throw conflict(DONOR_MESSAGES.importNotUndoable);
      jobs.startUndo(b.id, b.organizationId, actor.userId);
      app.activity.record(actor, request, { actionType: "data_management", actionName: "undo_csv_upload", resourceType: "donor_import", resourceId: b.id });
      return reply.code(202).send(present(updated));
    },
  });
};
