import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./core.ts";

/**
 * Weekly digest subscriptions (issue 15; docs/RULES.md, The officer's day): a row means the user opted in.
 * `weekday` (0 = Sunday) and `hour` are in the user's `time_zone` (IANA name). `last_sent_at` keeps a
 * digest from going twice in one week when several app servers run the schedule.
 */
export const digestSubscriptions = pgTable("digest_subscriptions", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  weekday: integer("weekday").notNull().default(1),
  hour: integer("hour").notNull().default(8),
  timeZone: text("time_zone").notNull().default("UTC"),
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
