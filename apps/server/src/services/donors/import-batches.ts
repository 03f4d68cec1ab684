import fs from "node:fs/promises";
import type { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { DONOR_MESSAGES, IMPORT_PAGE_SIZE, IMPORT_PROBLEMS_SHOWN, type ImportBatch } from "@cultivate/shared";
import type { Db, DbOrTx } from "../../db/client.ts";
import { donorImportBatches, donorImportProblems, organizations, users } from "../../db/schema.ts";
import { conflict, forbidden, notFound } from "../../lib/errors.ts";
import { iso, UUID_RE } from "../../lib/format.ts";
import type { Actor } from "../../policy/actor.ts";
import { assertSameOrganization, can } from "../../policy/policy.ts";
import { dropUpload } from "./import/upload-store.ts";
import { personName } from "../users/person-name.ts";
import { readScope } from "./access.ts";

type BatchRow = typeof donorImportBatches.$inferSelect;

/** Statuses from which an import can be undone (its written rows are removed or reverted). */
const UNDOABLE = ["completed", "failed", "interrupted"] as const;
/** The only texts `error` may carry. Anything else (rows written before this rule held raw SQL and donor data) reads as the generic sentence. */
const BATCH_ERRORS: ReadonlySet<string> = new Set([
  DONOR_MESSAGES.importStopped,
  DONOR_MESSAGES.importInterrupted,
  DONOR_MESSAGES.undoStopped,
  DONOR_MESSAGES.parseError,
]);
const MAX_ERROR_CHARS = 300;
/** The batch columns, with `error` cut short in SQL (reports stored before the rule could weigh megabytes). */
const batchColumns = {
  ...getTableColumns(donorImportBatches),
  error: sql<string | null>`left(${donorImportBatches.error}, ${MAX_ERROR_CHARS})`,
};

/** Who ran a batch and where it went: what the import history shows beside the batch. */
export type BatchMaker = {
  makerName: string | null;
  makerEmail: string | null;
  organizationName: string | null;
};
const makerColumns = {
  makerName: personName(donorImportBatches.userId),
  makerEmail: users.email,
  organizationName: organizations.name,
};

/** Import batches and their problem reports. `find` reads by id alone: the caller checks the organisation. */
export function importBatchRepository(db: Db) {
  const withMaker = (tx: DbOrTx) =>
    tx
      .select({ batch: batchColumns, ...makerColumns })
      .from(donorImportBatches)
      .leftJoin(users, eq(users.id, donorImportBatches.userId))
      .leftJoin(organizations, eq(organizations.id, donorImportBatches.organizationId));
  return {
    async find(id: string, tx: DbOrTx = db): Promise<BatchRow | null> {
      const [b] = await tx.select(batchColumns).from(donorImportBatches).where(eq(donorImportBatches.id, id));
      return b ?? null;
    },

    /** One batch with who ran it (by id alone, like `find`). */
    async findWithMaker(id: string, tx: DbOrTx = db): Promise<(BatchMaker & { batch: BatchRow }) | null> {
      const [row] = await withMaker(tx).where(eq(donorImportBatches.id, id));
      return row ?? null;
    },

    /** A page of the scope's imports, newest first, with who ran each, and the exact number of them. */
    async history(
      scope: { organizationId: string } | { allOrganizations: true },
      page: { offset: number; limit: number },
      tx: DbOrTx = db,
    ) {
      const where = "organizationId" in scope ? eq(donorImportBatches.organizationId, scope.organizationId) : undefined;
      const rows = await withMaker(tx)
        .where(where)
        .orderBy(desc(donorImportBatches.createdAt), desc(donorImportBatches.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await tx.select({ n: count() }).from(donorImportBatches).where(where);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** The first problems of a batch by row; left(): reports stored before problems were bounded may hold whole cells. */
    problemsOf(organizationId: string, batchId: string, tx: DbOrTx = db) {
      return tx
        .select({
          row: donorImportProblems.row,
          column: sql<string>`left(${donorImportProblems.column}, ${MAX_ERROR_CHARS})`,
          problem: sql<string>`left(${donorImportProblems.problem}, ${MAX_ERROR_CHARS})`,
        })
        .from(donorImportProblems)
        .innerJoin(donorImportBatches, eq(donorImportBatches.id, donorImportProblems.batchId))
        .where(and(eq(donorImportProblems.batchId, batchId), eq(donorImportBatches.organizationId, organizationId)))
        .orderBy(asc(donorImportProblems.row), asc(donorImportProblems.id))
        .limit(IMPORT_PROBLEMS_SHOWN);
    },

    async create(
      organizationId: string,
      values: { id: string; userId: string; fileName: string | null; rowsTotal: number },
      tx: DbOrTx = db,
    ): Promise<BatchRow> {
      const [batch] = await tx
        .insert(donorImportBatches)
        .values({ ...values, organizationId })
        .returning();
      return batch!;
    },

    /** Marks an undoable batch `undoing`; null when it was not undoable any more (a concurrent request won). */
    async markUndoing(organizationId: string, id: string, tx: DbOrTx = db): Promise<BatchRow | null> {
      const [updated] = await tx
        .update(donorImportBatches)
        .set({ status: "undoing", error: null })
        .where(
          and(
            eq(donorImportBatches.id, id),
            eq(donorImportBatches.organizationId, organizationId),
            inArray(donorImportBatches.status, [...UNDOABLE]),
          ),
        )
        .returning();
      return updated ?? null;
    },
    dropUpload: (batchId: string) => dropUpload(db, batchId),
  };
}
export type ImportBatchRepository = ReturnType<typeof importBatchRepository>;

function presentError(b: BatchRow): string | null {
  if (!b.error) return null;
  if (BATCH_ERRORS.has(b.error)) return b.error;
  return b.status === "interrupted" ? DONOR_MESSAGES.importInterrupted : DONOR_MESSAGES.importStopped;
}

const undoable = (b: BatchRow) => (UNDOABLE as readonly string[]).includes(b.status) && b.inserted + b.updated > 0;

export function presentBatch(
  actor: Actor,
  b: BatchRow,
  maker: BatchMaker | null,
  problems: ImportBatch["problems"] = [],
): ImportBatch {
  const counts = { inserted: b.inserted, updated: b.updated, unchanged: b.unchanged, skipped: b.skipped };
  return {
    id: b.id,
    organizationId: b.organizationId,
    fileName: b.fileName,
    status: b.status,
    rowsTotal: b.rowsTotal,
    rowsDone: b.rowsDone,
    counts,
    problemCount: b.problemCount,
    problems,
    error: presentError(b),
    message: b.status === "completed" || b.status === "undone" ? DONOR_MESSAGES.uploadSuccess(counts) : null,
    createdBy: maker?.makerEmail ? { name: maker.makerName || null, email: maker.makerEmail } : null,
    organizationName: maker?.organizationName ?? null,
    createdAt: iso(b.createdAt)!,
    finishedAt: iso(b.finishedAt),
    undoneAt: iso(b.undoneAt),
    canUndo: undoable(b) && can.undoImport(actor, b),
  };
}

async function visibleBatch(app: FastifyInstance, actor: Actor, id: string) {
  if (!UUID_RE.test(id)) throw notFound("Import not found.");
  const row = await app.repos.importBatches.findWithMaker(id);
  if (!row) throw notFound("Import not found.");
  assertSameOrganization(actor, row.batch.organizationId, "Import not found.");
  return row;
}

/** Spools the upload, files its batch and starts the background job (docs/RULES.md, Donor import). */
export async function startImport(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  organizationId: string,
  body: Readable,
  fileName: string | null,
): Promise<ImportBatch> {
  if (await app.donorImportJobs.isBusy(organizationId)) {
    body.resume();
    throw conflict(DONOR_MESSAGES.importBusy);
  }
  // PostgreSQL may have several app servers: the one that takes over the import's job reads the upload
  // from the database, stored as it arrives. PGlite is one process, which always has its own file. (The
  // database in use, not DATABASE_URL: an app given its database, as the bench and the tests do, has no
  // URL in its config.)
  const upload = await app.donorImportJobs.spoolUpload(body, app.database.kind === "postgres");
  const batch = await app.repos.importBatches
    .create(organizationId, {
      id: upload.id,
      userId: actor.userId,
      fileName,
      rowsTotal: upload.rowsTotal,
    })
    .catch(async (err: unknown) => {
      await fs.rm(upload.filePath, { force: true }); // no batch will ever read it
      await app.repos.importBatches.dropUpload(upload.id).catch(() => {});
      throw err;
    });
  app.donorImportJobs.startImport(batch.id, organizationId);
  app.activity.record(actor, request, {
    organizationId,
    actionType: "data_management",
    actionName: "csv_upload",
    resourceType: "donor_import",
    resourceId: batch.id,
    details: { rows: upload.rowsTotal, bytes: upload.bytes, organizationId, fileName },
  });
  return presentBatch(actor, batch, {
    makerName: null,
    makerEmail: actor.email,
    organizationName: organizationId === actor.organizationId ? actor.organizationName : null,
  });
}

/** The import history (issue 14): the scope's imports, newest first, a page at a time. */
export async function importHistory(
  app: FastifyInstance,
  actor: Actor,
  query: { organizationId?: string; page: number },
) {
  const offset = (query.page - 1) * IMPORT_PAGE_SIZE;
  const { rows, total } = await app.repos.importBatches.history(readScope(actor, query.organizationId), {
    offset,
    limit: IMPORT_PAGE_SIZE,
  });
  return {
    imports: rows.map((r) => presentBatch(actor, r.batch, r)),
    total,
    page: query.page,
    pageSize: IMPORT_PAGE_SIZE,
  };
}

export async function importReport(app: FastifyInstance, actor: Actor, id: string): Promise<ImportBatch> {
  const row = await visibleBatch(app, actor, id);
  const b = row.batch;
  return presentBatch(actor, b, row, await app.repos.importBatches.problemsOf(b.organizationId, b.id));
}

/** Undo an import: its inserted donors are removed and its updates reverted, in the background. */
export async function undoImport(
  app: FastifyInstance,
  actor: Actor,
  request: FastifyRequest,
  id: string,
): Promise<ImportBatch> {
  const row = await visibleBatch(app, actor, id);
  const b = row.batch;
  // Issue 14: whoever ran it, or a manager, owner or admin (docs/RULES.md, Import).
  if (!can.undoImport(actor, b)) throw forbidden(DONOR_MESSAGES.undoImportNotAllowed);
  if (!(UNDOABLE as readonly string[]).includes(b.status)) throw conflict(DONOR_MESSAGES.importNotUndoable);
  if (await app.donorImportJobs.isBusy(b.organizationId)) throw conflict(DONOR_MESSAGES.importBusy);
  const updated = await app.repos.importBatches.markUndoing(b.organizationId, b.id);
  if (!updated) throw conflict(DONOR_MESSAGES.importNotUndoable);
  app.donorImportJobs.startUndo(b.id, b.organizationId, actor.userId);
  app.activity.record(actor, request, {
    organizationId: b.organizationId,
    actionType: "data_management",
    actionName: "undo_csv_upload",
    resourceType: "donor_import",
    resourceId: b.id,
  });
  return presentBatch(actor, updated, row);
}
