import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
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

/**
 * The actions counted by day (UTC) and by what the history's filters read (docs/decisions/
 * 068-action-counts-by-day.md): Action History's exact count and summary add these up for the whole
 * days of a time range and count only the rest of the range's actions, instead of reading every action
 * (a busy installation records hundreds of thousands a day). Kept by statement triggers on
 * user_actions (migration 0029), in the writing transaction; never written by the app. No foreign key:
 * an organisation deleted sets its actions' organization_id to null, and the update trigger moves their
 * counts to the null organisation as it does for any other change.
 */
export const userActionDays = pgTable(
  "user_action_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    organizationId: uuid("organization_id"),
    actionType: text("action_type").notNull(),
    actionName: text("action_name").notNull(),
    resourceType: text("resource_type"),
    success: boolean("success").notNull(),
    /** How many actions. */
    actions: bigint("actions", { mode: "number" }).notNull(),
    /** The sum of their durations, and how many had one (the average is durationSum / durations). */
    durationSum: bigint("duration_sum", { mode: "number" }).notNull(),
    durations: bigint("durations", { mode: "number" }).notNull(),
  },
  (t) => [
    unique("user_action_days_key")
      .on(t.organizationId, t.day, t.actionType, t.actionName, t.resourceType, t.success)
      .nullsNotDistinct(),
    // An admin's time range over every organisation (the key starts with the organisation).
    index("user_action_days_day_idx").on(t.day),
  ],
);
