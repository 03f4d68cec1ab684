import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";

/** The activity log (docs/RULES.md, Activity history). Written off the request path (activity/recorder.ts). */
export const userActions = pgTable(
  "user_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    /** One of ACTION_TYPES (packages/shared/src/activity.ts). */
    actionType: text("action_type").notNull(),
    actionName: text("action_name").notNull(),
    resourceType: text("resource_type"),
    resourceId: text("resource_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    sessionId: text("session_id"),
    timestamp: timestamp("timestamp", { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer("duration_ms"),
    success: boolean("success").notNull().default(true),
    errorMessage: text("error_message"),
  },
  (t) => [
    index("user_actions_org_time_idx").on(t.organizationId, t.timestamp),
    index("user_actions_time_idx").on(t.timestamp),
    index("user_actions_user_time_idx").on(t.userId, t.timestamp),
  ],
);
