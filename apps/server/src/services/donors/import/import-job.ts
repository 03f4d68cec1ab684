import fs from "node:fs";
import fsp from "node:fs/promises";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { DONOR_MESSAGES } from "@cultivate/shared";
import { donorImportBatches, donorSearch, donors } from "../../../db/schema.ts";
import { KeySet } from "../key-set.ts";
import { parseRow, planHeaders, type HeaderPlan, type ParsedRow } from "../rows.ts";
import { readSpooled, type Chunk } from "./chunk-reader.ts";
import { spooledRecord } from "./spool-lines.ts";
import { commitChunk, keysOf, prepareChunk, type PreparedChunk } from "./chunk-sql.ts";
import { dbErrorSummary, giveWay, ShuttingDown, type JobContext } from "./job.ts";
import { relationshipManagersByEmail } from "./managers.ts";
import { matchKeys } from "./match-keys.ts";
import type { SliceKeys } from "./slice-keys.ts";
import { removeSpooledExcept, spoolPath } from "./spool.ts";

/** Rows per transaction: small enough that other requests interleave on PGlite's one connection. */
const CHUNK_ROWS = 500;
/**
 * Chunk transactions running at once. On PostgreSQL two: the next chunk's donors go in on a second
 * connection while the previous one commits, so the database is never idle between chunks (commits
 * stay in file order: commitChunk). PGlite has one connection: one at a time.
 */
const IN_FLIGHT = { copy: 2, json: 1 } as const;

/** Starts the jobs recovery finds (DonorImportJobs, which runs one job at a time per organisation). */
export type JobStarter = {
  startImport(batchId: string, organizationId: string): void;
  startUndo(batchId: string, organizationId: string, userId: string | null): void;
};

/**
 * At start-up: imports left queued or running by a stopped process are continued from their last
 * committed chunk (or marked interrupted, their rows undoable, when the upload is gone); undos left
 * running are continued (an undo only reverts what is still the import's value, so repeating it is safe).
 * Uploads no batch will read again are removed.
 */
export async function recoverBatches(ctx: JobContext, jobs: JobStarter) {
  const stale = await ctx.db
    .select()
    .from(donorImportBatches)
    .where(inArray(donorImportBatches.status, ["queued", "running", "undoing"]))
    .orderBy(asc(donorImportBatches.createdAt));
  const keep = new Set<string>();
  for (const b of stale) {
    if (b.status === "undoing") {
      ctx.log.info({ batchId: b.id }, "continuing an interrupted undo");
      jobs.startUndo(b.id, b.organizationId, b.userId);
    } else if (b.status === "running" && b.rowsTotal > 0 && b.rowsDone >= b.rowsTotal) {
      // Every row committed; only the final status was not written.
      await ctx.db
        .update(donorImportBatches)
        .set({ status: "completed", finishedAt: new Date() })
        .where(eq(donorImportBatches.id, b.id));
    } else if (fs.existsSync(spoolPath(ctx.spoolDir, b.id))) {
      ctx.log.info({ batchId: b.id, rowsDone: b.rowsDone, rowsTotal: b.rowsTotal }, "resuming an interrupted import");
      keep.add(b.id);
      jobs.startImport(b.id, b.organizationId);
    } else {
      ctx.log.warn(
        { batchId: b.id, rowsDone: b.rowsDone },
        "an interrupted import cannot be resumed: its upload is gone",
      );
      await ctx.db
        .update(donorImportBatches)
        .set({ status: "interrupted", error: DONOR_MESSAGES.importInterrupted, finishedAt: new Date() })
        .where(eq(donorImportBatches.id, b.id));
    }
  }
  await removeSpooledExcept(ctx.spoolDir, keep);
}

/**
 * Continues batch `batchId` from its stored position (rows_done) to the end of its spooled upload.
 * The worker thread (worker-client.ts) reads the upload from that position and parses it into chunks;
 * every committed chunk is already in the database, so matching reads it like donors stored before
 * the import.
 */
export async function runImport(ctx: JobContext, batchId: string, release: () => void = () => {}) {
  const [batch] = await ctx.db.select().from(donorImportBatches).where(eq(donorImportBatches.id, batchId));
  if (!batch || (batch.status !== "queued" && batch.status !== "running")) return;
  const { organizationId, userId } = batch;
  const filePath = spoolPath(ctx.spoolDir, batchId);
  // Chunk transactions still running, oldest first; each settles to its error or null (never rejects, so
  // a failure is never an unhandled rejection).
  const pending: Promise<unknown>[] = [];
  let finished = false;
  // Set in flush (a closure), read after the loop.
  let pauseKeys = null as { position: number; keys: SliceKeys } | null;
  let sentChunks = 0; // chunks this slice has sent to the database
  let matchedChunks = 0; // of them, those that asked the database for matching donors (the log tells)
  let sentEndByte = 0; // where the last of them ends in the spool
  let analyzing = null as Promise<void> | null; // the latest statistics refresh (never rejects); set in flush
  try {
    if (!fs.existsSync(filePath)) {
      finished = true;
      await endBatch(ctx, batchId, { status: "interrupted", error: DONOR_MESSAGES.importInterrupted });
      return;
    }
    await ctx.db.update(donorImportBatches).set({ status: "running" }).where(eq(donorImportBatches.id, batchId));
    const position = batch.rowsDone;
    let plan: HeaderPlan | null = null;
    let nextAnalyze = 2000;
    let lastChunkMs = 0; // how long the last chunk's transaction took, and when it ended (settle)
    let lastChunkEnd = 0;
    while (nextAnalyze <= position) nextAnalyze *= 4;
    // The previous chunks' transactions, still running while the next chunk is matched (on PostgreSQL
    // the database works in its own processes meanwhile). Chunks commit in file order; a chunk that
    // could match a donor an earlier chunk wrote waits for every earlier commit.
    const settle = async (keep = 0) => {
      while (pending.length > keep) {
        const err = await pending.shift();
        if (err) throw err;
      }
      await giveWay(ctx, lastChunkEnd, lastChunkMs); // requests waiting for the database go first
    };
    // Match keys of the organisation's donors before this run, and of every donor it has inserted or
    // updated since. A row with none of them is new without asking the database (a fresh
    // organisation's import never runs a match query). A chunk whose rows share no key with an earlier
    // chunk cannot depend on the chunk still being written, so its match query and the work that
    // follows run while that chunk commits (on PostgreSQL, on another connection).
    // A slice continuing where this server's last slice of the batch paused takes its keys (slice-keys.ts).
    const kept = ctx.sliceKeys?.take(batchId, position) ?? null;
    const storedKeys = kept?.stored ?? (await keysOf(ctx.db, organizationId));
    const managers = await relationshipManagersByEmail(ctx.db, organizationId);
    const touched = kept?.touched ?? new KeySet();
    const flush = async (c: Chunk) => {
      // At least one chunk per slice, so a slice whose start-up outlasts it still moves the batch on.
      // Checked before this chunk's keys join `touched`: the next slice starts with this chunk, and keys
      // of a chunk never sent would send it through a match query that finds nothing (at half a million
      // donors 3-4 s, with the pipeline drained, at every slice; docs/PERFORMANCE.md).
      if (ctx.stopping() && sentChunks > 0) {
        // Where the next slice starts once every chunk sent so far has committed (pending settles first).
        pauseKeys = { position: c.first - 1, keys: { stored: storedKeys, touched, positionByte: sentEndByte } };
        throw new ShuttingDown();
      }
      // The chunk's keys arrive as hashes (KeySet.hash). A chunk none of whose rows may match a stored
      // donor, a donor an earlier chunk of this run wrote, or an earlier row of the chunk (its probe keys,
      // match-keys.ts) only inserts, from the text the worker prepared.
      let mayMatch = c.repeatsKey;
      for (const h of c.probe) if (touched.hasHash(h) || storedKeys.hasHash(h)) mayMatch = true;
      let parsed: ParsedRow[] | null = null;
      const rowsOf = async () =>
        (parsed ??= (await readSpooled(filePath, c.startByte, c.endByte)).map((l, i) =>
          parseRow(plan!, spooledRecord(l), c.first + i),
        ));
      let prepared: PreparedChunk;
      if (!mayMatch) {
        prepared = insertsOnly(c);
        for (const h of c.keys) touched.addHash(h);
      } else {
        matchedChunks++;
        const rows = await rowsOf();
        // Matching reads every donor that shares a key with a row; when one of them is an earlier
        // chunk's, that chunk commits first, so what matching sees never depends on timing.
        let wait = false;
        const lookup = rows.filter((r) => {
          if (r.skip) return false;
          let found = false;
          for (const k of matchKeys(r.values)) {
            if (touched.has(k)) wait = found = true;
            else if (storedKeys.has(k)) found = true;
          }
          return found;
        });
        if (wait) await settle();
        await analyzing;
        prepared = await prepareChunk(ctx.db, batchId, organizationId, userId, rows, lookup);
        for (const k of prepared.touchedKeys) touched.add(k);
      }
      await settle(IN_FLIGHT[ctx.format] - 1);
      if (c.first + c.rows - 1 >= nextAnalyze) {
        // Planner statistics from before the import say the organisation has few donors, so the match
        // query would read all of them row by row (its time grew linearly with the import). PGlite
        // has no autovacuum and PostgreSQL's comes too late: refresh them as the import grows. Only a
        // match query waits for it (above); chunks that only insert go on meanwhile (on PostgreSQL it
        // runs on a connection of its own: at half a million donors it took seconds).
        nextAnalyze *= 4;
        const done = analyzing;
        analyzing = (async () => {
          await done;
          await ctx.db.execute(sql`ANALYZE ${donors} (${sql.identifier(donors.organizationId.name)})`);
        })().catch((err: unknown) =>
          ctx.log.warn({ batchId, err: dbErrorSummary(err) }, "statistics refresh during an import failed"),
        );
      }
      const before = pending.at(-1) ?? null;
      sentChunks++;
      sentEndByte = c.endByte;
      const sentAt = performance.now();
      pending.push(
        commitChunk(ctx.db, ctx.log, ctx.format, batchId, organizationId, userId, rowsOf, prepared, before).then(
          () => {
            lastChunkEnd = performance.now();
            lastChunkMs = lastChunkEnd - sentAt;
            return null;
          },
          (err: unknown) => err ?? new Error("import chunk failed"),
        ),
      );
    };
    // The spool holds the upload's records, parsed once at upload (spool.ts): one per line (spool-lines.ts).
    const chunks = ctx.worker.read({
      filePath,
      position,
      chunkRows: CHUNK_ROWS,
      format: ctx.format,
      organizationId,
      batchId,
      managers,
      positionByte: kept?.positionByte,
    });
    try {
      for await (const item of chunks) {
        if ("header" in item) plan = planHeaders(item.header, managers);
        else await flush(item);
      }
    } finally {
      chunks.close();
    }
    await settle();
    await analyzing;
    // The upload goes first: a batch whose every row is committed is completed at the next start even
    // without it (see recover).
    finished = true;
    await fsp.rm(filePath, { force: true });
    release();
    await endBatch(ctx, batchId, { status: "completed" });
    ctx.log.info({ batchId, chunks: sentChunks, matchedChunks }, "import completed");
    await tidy(ctx);
  } catch (err) {
    const failed = (await Promise.all(pending)).some((e) => e); // chunks still committing finish before the batch is marked
    if (err instanceof ShuttingDown) {
      if (pauseKeys && !failed) ctx.sliceKeys?.keep(batchId, pauseKeys.position, pauseKeys.keys);
      ctx.log.info(
        { batchId, chunks: sentChunks, matchedChunks },
        "import paused after a committed chunk (slice over or shutdown); the next job continues it",
      );
      return;
    }
    finished = true;
    release();
    ctx.log.error({ batchId, err: dbErrorSummary(err) }, "donor import stopped");
    await endBatch(ctx, batchId, { status: "failed", error: DONOR_MESSAGES.importStopped }).catch((e: unknown) =>
      ctx.log.error({ batchId, err: dbErrorSummary(e) }, "could not mark the import failed"),
    );
  } finally {
    await analyzing; // a slice ends with its statistics refresh
    if (finished) await fsp.rm(filePath, { force: true });
  }
}

/** A chunk that only inserts, as the worker prepared it. */
function insertsOnly(c: Chunk): PreparedChunk {
  return {
    firstRow: c.first,
    rows: c.rows,
    inserts: [],
    insertText: c.inserts,
    updates: [],
    changeRows: [],
    problems: c.problems,
    counts: { inserted: c.inserted, updated: 0, unchanged: 0, skipped: c.skipped },
    touchedKeys: [],
  };
}

async function endBatch(
  ctx: JobContext,
  batchId: string,
  set: { status: "completed" | "failed" | "interrupted"; error?: string },
) {
  await ctx.db
    .update(donorImportBatches)
    .set({ ...set, finishedAt: new Date() })
    .where(eq(donorImportBatches.id, batchId));
}

/**
 * After an import: fresh statistics for every column and index, and the visibility map set, so counts
 * of filtered lists are index-only scans (PGlite never vacuums by itself); on PGlite it also merges the
 * search's trigram pending lists. In steps, each giving way to waiting requests (giveWay): on PGlite one
 * `VACUUM (ANALYZE)` of both tables held the one connection for about 3 s after a 100k import, its
 * longest steps now about 1 s (ADR 081). The pending lists are merged one index at a time first, so
 * donor_search's VACUUM has little left to do. donors' VACUUM is last, so its last vacuum means all is
 * done (the bench waits on it). Failure only costs speed.
 */
async function tidy(ctx: JobContext) {
  const steps = [
    ...SEARCH_TRIGRAM_INDEXES.map((index) => sql`SELECT gin_clean_pending_list(${index}::regclass)`),
    sql`VACUUM (ANALYZE) ${donorSearch}`,
    sql`ANALYZE ${donors}`,
    sql`VACUUM ${donors}`,
  ];
  for (const [i, step] of steps.entries()) {
    const start = performance.now();
    try {
      await ctx.db.execute(step);
    } catch (err) {
      ctx.log.warn({ err: dbErrorSummary(err) }, "tidying after an import failed");
      return;
    }
    const end = performance.now();
    if (i < steps.length - 1) await giveWay(ctx, end, end - start);
  }
}

/** donor_search's trigram (GIN) indexes, by their names in the schema: tidy merges their pending lists. */
const SEARCH_TRIGRAM_INDEXES = getTableConfig(donorSearch)
  .indexes.filter((index) => index.config.method === "gin")
  .map((index) => index.config.name!);
