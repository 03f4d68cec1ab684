import { inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { failureWindows } from "../db/schema.ts";

/**
 * Counts events per key in a sliding window, kept in the database (`failure_windows`) so that every
 * app server on it counts the same failures: two servers give no one twice the attempts (ADR 040).
 * Used for sign-in failures and password-reset requests, keyed by IP and by account, so neither a
 * single address nor a single account can be hammered.
 *
 * A row keeps the times of the key's latest `limit` events: enough to tell "blocked" (`limit` of them
 * inside the window) and how many there were, and no more, so a row never grows. One SELECT for a
 * check, one upsert for the events of a request.
 */
export class FailureLimiter {
  constructor(
    private readonly db: Db,
    private readonly limit: number,
    private readonly windowMs: number,
    /** The clock (tests move it); the app servers' clocks are assumed to agree (NTP). */
    private readonly now: () => number = Date.now,
  ) {}

  /** Events of each key in the current window (0 for a key without any). */
  async counts(keys: string[]): Promise<Map<string, number>> {
    const cutoff = this.now() - this.windowMs;
    const rows = await this.db
      .select({ key: failureWindows.key, hits: failureWindows.hits })
      .from(failureWindows)
      .where(inArray(failureWindows.key, keys));
    const result = new Map(keys.map((k) => [k, 0]));
    for (const row of rows) result.set(row.key, row.hits.filter((t) => new Date(t).getTime() > cutoff).length);
    return result;
  }

  async count(key: string): Promise<number> {
    return (await this.counts([key])).get(key)!;
  }

  /** True when the key has used up its allowance in the current window. */
  async isBlocked(key: string): Promise<boolean> {
    return (await this.count(key)) >= this.limit;
  }

  /** Records one event for each key, in one statement. */
  async hit(...keys: string[]): Promise<void> {
    const at = new Date(this.now());
    const cutoff = new Date(at.getTime() - this.windowMs).toISOString();
    const expiresAt = new Date(at.getTime() + this.windowMs);
    await this.db
      .insert(failureWindows)
      .values(keys.map((key) => ({ key, hits: sql`array[${at.toISOString()}::timestamptz]`, expiresAt })))
      .onConflictDoUpdate({
        target: failureWindows.key,
        // The window's events plus this one, the latest `limit` of them.
        set: {
          hits: sql`array(select h from unnest(${failureWindows.hits} || excluded.hits) as h where h > ${cutoff}::timestamptz order by h desc limit ${this.limit})`,
          expiresAt: sql`excluded.expires_at`,
        },
      });
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(failureWindows).where(inArray(failureWindows.key, [key]));
  }
}

/** Deletes the windows nobody has touched for a whole window (run now and then by the app: lib/limits.ts). */
export async function sweepFailureWindows(db: Db, now = new Date()): Promise<void> {
  await db.delete(failureWindows).where(lt(failureWindows.expiresAt, now));
}
