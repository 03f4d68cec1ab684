import type { Db } from "../db/client.ts";
import { sweepFailureWindows } from "./failure-limiter.ts";
import { sweepRateLimitWindows } from "./rate-limit-store.ts";

/**
 * The limits' rows (lib/rate-limit-store.ts, lib/failure-limiter.ts) are only read by key, so an ended
 * window costs nothing but space: the housekeeping job (app.ts) deletes them once a minute, on one server
 * of however many share the database (each delete is one statement, so an overlap only finds less to do).
 */
export async function sweepLimitWindows(db: Db): Promise<void> {
  await Promise.all([sweepRateLimitWindows(db), sweepFailureWindows(db)]);
}
