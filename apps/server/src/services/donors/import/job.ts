import type { FastifyBaseLogger } from "fastify";
import type { Database, Db } from "../../../db/client.ts";
import type { InsertFormat } from "./insert-text.ts";
import type { SliceKeyCache } from "./slice-keys.ts";
import type { ImportWorker } from "./worker-client.ts";

/**
 * What an import or undo job runs with; `stopping()` turns true when the slice is over or the server
 * shuts down. `worker` reads and parses uploads; `format` is how new donors are written (COPY text on
 * PostgreSQL, JSON on PGlite). `sliceKeys` carries an import's match keys from one slice to the next.
 */
export type JobContext = {
  db: Db;
  log: FastifyBaseLogger;
  spoolDir: string;
  stopping: () => boolean;
  worker: ImportWorker;
  format: InsertFormat;
  sliceKeys?: SliceKeyCache;
  /** PGlite's Database.quiet (giveWay). */
  quiet?: Database["quiet"];
};

/**
 * How long the embedded database must be idle before a job's next transaction: longer than the pause
 * between two statements of one request, so a request's statements run together (ADR 080).
 */
const QUIET_GAP_MS = 3;

/**
 * Between two transactions of an import or undo job, given when the job's last one ended and how long
 * it took. On PGlite (one connection, on this thread) the requests that arrived meanwhile run to the
 * end first, for at most as long as that transaction took, so the job keeps at least half of the
 * database: before, each of a page's statements waited for a transaction of its own (ADR 080,
 * docs/PERFORMANCE.md). Elsewhere, one turn of the event loop.
 */
export async function giveWay(ctx: JobContext, ended: number, took: number) {
  if (ctx.quiet) await ctx.quiet(ended, QUIET_GAP_MS, Math.min(took, 1000));
  else await new Promise((r) => setImmediate(r));
}

/**
 * What the log gets about an error: the database's code and message, without the query or its
 * parameters (donor data, up to megabytes); the stack only for errors that are not a failed query.
 */
export function dbErrorSummary(err: unknown): { code?: string; message: string; stack?: string } {
  let e: unknown = err;
  let query = false;
  // Drizzle wraps the driver's error ("Failed query: … params: …") and keeps it as `cause`.
  while (e instanceof Error && e.message.startsWith("Failed query:")) {
    query = true;
    if (!e.cause) break;
    e = e.cause;
  }
  const code = (e as { code?: unknown })?.code;
  const message = e instanceof Error ? e.message : String(e);
  return {
    ...(typeof code === "string" ? { code } : {}),
    message: message.startsWith("Failed query:") ? "query failed" : message.slice(0, 500),
    ...(!query && e instanceof Error && e.stack ? { stack: e.stack.slice(0, 2000) } : {}),
  };
}

/** Thrown inside a job when its slice is over or the server is stopping: the batch stays `running` (or `undoing`) and the next job continues it (jobs.ts). */
export class ShuttingDown extends Error {}
