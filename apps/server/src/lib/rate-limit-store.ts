import { lt, sql } from "drizzle-orm";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Db } from "../db/client.ts";
import { rateLimitWindows } from "../db/schema.ts";

type RateLimitCallback = Parameters<FastifyRateLimitStore["incr"]>[1];
type Waiting = { count: number; timeWindow: number; callbacks: RateLimitCallback[] };

/**
 * Counts in `rate_limit_windows` with one statement at a time per app server: while a statement is on
 * its way, the requests that arrive wait and are counted together by the next one (one row per key,
 * `count + n`), so a busy server sends a handful of upserts a second instead of one per request, and an
 * idle one answers each request after a single upsert, as before (docs/decisions/044-request-cost.md).
 * Each request still gets its own place in the count: the n requests of a key counted together get
 * count − n + 1 … count, in arrival order, exactly as n upserts one after another would have answered.
 */
function countingQueue(db: Db) {
  let waiting = new Map<string, Waiting>();
  let busy = false;

  async function flush(): Promise<void> {
    busy = true;
    try {
      await flushWaiting();
    } finally {
      busy = false;
    }
  }

  async function flushWaiting(): Promise<void> {
    while (waiting.size) {
      const batch = waiting;
      waiting = new Map();
      const now = Date.now();
      const at = new Date(now).toISOString();
      let answers: (() => void)[];
      try {
        const rows = await db
          .insert(rateLimitWindows)
          .values([...batch].map(([key, w]) => ({ key, count: w.count, resetAt: new Date(now + w.timeWindow) })))
          .onConflictDoUpdate({
            target: rateLimitWindows.key,
            set: {
              count: sql`case when ${rateLimitWindows.resetAt} <= ${at}::timestamptz then excluded.count else ${rateLimitWindows.count} + excluded.count end`,
              resetAt: sql`case when ${rateLimitWindows.resetAt} <= ${at}::timestamptz then excluded.reset_at else ${rateLimitWindows.resetAt} end`,
            },
          })
          .returning({ key: rateLimitWindows.key, count: rateLimitWindows.count, resetAt: rateLimitWindows.resetAt });
        answers = rows.flatMap((row) => {
          const w = batch.get(row.key)!;
          const ttl = Math.max(0, row.resetAt.getTime() - now);
          return w.callbacks.map((callback, i) => () => callback(null, { current: row.count - w.count + 1 + i, ttl }));
        });
      } catch (err) {
        answers = [...batch.values()].flatMap((w) => w.callbacks.map((callback) => () => callback(err as Error)));
      }
      for (const answer of answers) answer();
    }
  }

  return (key: string, timeWindow: number, callback: RateLimitCallback) => {
    const w = waiting.get(key);
    if (w) {
      w.count++;
      w.callbacks.push(callback);
    } else waiting.set(key, { count: 1, timeWindow, callbacks: [callback] });
    if (!busy) void flush();
  };
}

/**
 * An @fastify/rate-limit store that keeps its counts in `rate_limit_windows`, so every app server on
 * the database counts the same requests (ADR 040). The plugin's own fixed windows (as its in-memory
 * store): a window starts with a key's first request and lasts `timeWindow`.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const count = countingQueue(db);
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** A route with its own limit (`config.rateLimit`) counts apart from the global one. */
    constructor(private readonly prefix = "") {}

    incr(key: string, callback: RateLimitCallback, timeWindow: number): void {
      count(this.prefix + key, timeWindow, callback);
    }

    child(routeOptions: { method?: string | string[]; url?: string; routeInfo?: { method?: unknown; url?: string } }) {
      const info = routeOptions.routeInfo ?? routeOptions;
      const method = Array.isArray(info.method) ? info.method.join(",") : String(info.method ?? "");
      return new DatabaseRateLimitStore(`${method} ${info.url ?? ""}|`);
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Deletes the windows that have ended (run now and then by the app: lib/limits.ts). */
export async function sweepRateLimitWindows(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimitWindows).where(lt(rateLimitWindows.resetAt, now));
}
