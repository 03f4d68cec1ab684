import fs from "node:fs/promises";
import type { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { and, asc, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import {
  DONOR_MESSAGES,
  IMPORT_PROBLEMS_SHOWN,
  importBatchSchema,
  importListQuerySchema,
  importListSchema,
  importParamsSchema,
  importQuerySchema,
  type ImportBatch,
} from "@cultivate/shared";
import { donorImportBatches, donorImportProblems } from "../../../db/schema.ts";
import { errorSchema } from "../../../lib/http.ts";
import { badRequest, conflict, HttpError, notFound } from "../../../lib/errors.ts";
import { assertSameOrganization, can } from "../../../policy/policy.ts";
import { DonorImportJobs, importSpoolDir, spoolUpload } from "../../../services/donors/importer.ts";
import { donorActor, iso, readScope, UUID_RE, writeOrganization } from "./context.ts";

type BatchRow = typeof donorImportBatches.$inferSelect;

/** Statuses from which an import can be undone (its written rows are removed or reverted). */
const UNDOABLE = ["completed", "failed", "interrupted"] as const;
/** The only texts `error` may carry. Anything else (rows written before this rule held raw SQL and donor data) reads as the generic sentence. */
const BATCH_ERRORS: ReadonlySet<string> = new Set([DONOR_MESSAGES.importStopped, DONOR_MESSAGES.importInterrupted, DONOR_MESSAGES.undoStopped, DONOR_MESSAGES.parseError]);
const MAX_ERROR_CHARS = 300;
/** The batch columns, with `error` cut short in SQL (reports stored before the rule could weigh megabytes). */
const batchColumns = { ...getTableColumns(donorImportBatches), error: sql<string | null>`left(${donorImportBatches.error}, ${MAX_ERROR_CHARS})` };

function presentError(b: BatchRow): string | null {
  if (!b.error) return null;
  if (BATCH_ERRORS.has(b.error)) return b.error;
  return b.status === "interrupted" ? DONOR_MESSAGES.importInterrupted : DONOR_MESSAGES.importStopped;
}

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
    error: presentError(b),
    message: b.status === "completed" || b.status === "undone" ? DONOR_MESSAGES.uploadSuccess(n) : null,
    createdAt: iso(b.createdAt)!,
    finishedAt: iso(b.finishedAt),
    undoneAt: iso(b.undoneAt),
    canUndo: (UNDOABLE as readonly string[]).includes(b.status) && b.inserted + b.updated > 0,
  };
}

const idParams = importParamsSchema;
// Not text/plain: a page on another site can send that without asking first (auth/origin.ts).
const CSV_TYPES = ["text/csv", "application/csv", "application/vnd.ms-excel"];

export const donorImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const spoolDir = importSpoolDir(app.config.dataDir);
  const jobs = new DonorImportJobs(app.db, app.log, spoolDir);
  app.addHook("onReady", async () => jobs.recover());
  app.addHook("onClose", async () => jobs.close());

  // The CSV body is handed over as a stream (never buffered whole); spoolUpload enforces the size limit.
  app.addContentTypeParser(CSV_TYPES, (_request, payload, done) => done(null, payload));

  const visibleBatch = async (actorId: Parameters<typeof assertSameOrganization>[0], id: string) => {
    if (!UUID_RE.test(id)) throw notFound("Import not found.");
    const [b] = await app.db.select(batchColumns).from(donorImportBatches).where(eq(donorImportBatches.id, id));
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
      const upload = await spoolUpload(body as Readable, spoolDir);
      const [batch] = await app.db
        .insert(donorImportBatches)
        .values({ id: upload.id, organizationId, userId: actor.userId, fileName: request.query.fileName ?? null, rowsTotal: upload.rowsTotal })
        .returning()
        .catch(async (err: unknown) => {
          await fs.rm(upload.filePath, { force: true }); // no batch will ever read it
          throw err;
        });
      jobs.startImport(batch!.id, organizationId);
      app.activity.record(actor, request, {
        organizationId,
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
      querystring: importListQuerySchema,
      response: { 200: importListSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
    },
    handler: async (request) => {
      const actor = await donorActor(app, request);
      const scope = readScope(actor, request.query.organizationId);
      const rows = await app.db
        .select(batchColumns)
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
      // left(): reports stored before problems were bounded may hold whole cells.
      const problems = await app.db
        .select({
          row: donorImportProblems.row,
          column: sql<string>`left(${donorImportProblems.column}, ${MAX_ERROR_CHARS})`,
          problem: sql<string>`left(${donorImportProblems.problem}, ${MAX_ERROR_CHARS})`,
        })
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
      if (!(UNDOABLE as readonly string[]).includes(b.status)) throw conflict(DONOR_MESSAGES.importNotUndoable);
      if (jobs.isBusy(b.organizationId)) throw conflict(DONOR_MESSAGES.importBusy);
      const [updated] = await app.db
        .update(donorImportBatches)
        .set({ status: "undoing", error: null })
        .where(and(eq(donorImportBatches.id, b.id), inArray(donorImportBatches.status, [...UNDOABLE])))
        .returning();
      if (!updated) throw conflict(DONOR_MESSAGES.importNotUndoable);
      jobs.startUndo(b.id, b.organizationId, actor.userId);
      app.activity.record(actor, request, { organizationId: b.organizationId, actionType: "data_management", actionName: "undo_csv_upload", resourceType: "donor_import", resourceId: b.id });
      return reply.code(202).send(present(updated));
    },
  });
};
