import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./core.ts";

/**
 * Calendar feeds (issue 15): one secret URL per user for their next steps. Only the SHA-256 of the
 * secret is kept (a leaked database does not hand out feeds); a new secret replaces the old.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
