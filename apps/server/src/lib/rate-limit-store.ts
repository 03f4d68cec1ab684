import { lt, sql } from "drizzle-orm";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Db } from "../db/client.ts";
import { rateLimitWindows } from "../db/schema.ts";

type RateLimitCallback = Parameters<FastifyRateLimitStore["incr"]>[1];

/**
 * An @fastify/rate-limit store that keeps its counts in `rate_limit_windows`, so every app server on
 * the database counts the same requests (ADR 040). The plugin's own fixed windows (as its in-memory
 * store): a window starts with a key's first request and lasts `timeWindow`. One upsert per request.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** A route with its own limit (`config.rateLimit`) counts apart from the global one. */
    constructor(private readonly prefix = "") {}

    incr(key: string, callback: RateLimitCallback, timeWindow: number): void {
      const now = Date.now();
      const at = new Date(now).toISOString();
      db.insert(rateLimitWindows)
        .values({ key: this.prefix + key, count: 1, resetAt: new Date(now + timeWindow) })
        .onConflictDoUpdate({
          target: rateLimitWindows.key,
          set: {
            count: sql`case when ${rateLimitWindows.resetAt} <= ${at}::timestamptz then 1 else ${rateLimitWindows.count} + 1 end`,
            resetAt: sql`case when ${rateLimitWindows.resetAt} <= ${at}::timestamptz then excluded.reset_at else ${rateLimitWindows.resetAt} end`,
          },
        })
        .returning({ count: rateLimitWindows.count, resetAt: rateLimitWindows.resetAt })
        .then(
          ([row]) => callback(null, { current: row!.count, ttl: Math.max(0, row!.resetAt.getTime() - now) }),
          (err: Error) => callback(err),
        );
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
