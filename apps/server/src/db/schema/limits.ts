import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The `/api` rate limit's fixed windows (lib/rate-limit-store.ts): one row per key (an address, or a
 * route and an address), so every app server on the database counts the same requests (ADR 040).
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_windows_reset_idx").on(t.resetAt)],
);

/**
 * The sign-in and reset limits' sliding windows (lib/failure-limiter.ts): the times of a key's latest
 * events, at most the limit of them, shared by every app server (ADR 040).
 */
export const failureWindows = pgTable(
  "failure_windows",
  {
    key: text("key").primaryKey(),
    hits: timestamp("hits", { withTimezone: true }).array().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("failure_windows_expires_idx").on(t.expiresAt)],
);
