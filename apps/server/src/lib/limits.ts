import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { sweepFailureWindows } from "./failure-limiter.ts";
import { sweepRateLimitWindows } from "./rate-limit-store.ts";

/**
 * The limits' rows (lib/rate-limit-store.ts, lib/failure-limiter.ts) are only read by key, so an ended
 * window costs nothing but space: every server deletes them now and then (any server may; each delete
 * is one statement, so two servers sweeping at once only find less to do).
 */
export function startLimitSweeper(db: Db, log: FastifyBaseLogger, intervalMs = 5 * 60_000): () => void {
  const timer = setInterval(() => {
    Promise.all([sweepRateLimitWindows(db), sweepFailureWindows(db)]).catch((err: unknown) =>
      log.warn({ err }, "could not delete ended rate limit windows"),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
