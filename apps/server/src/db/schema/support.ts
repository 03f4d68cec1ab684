import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";

/** Support issues; statuses and transitions: docs/RULES.md, Support issues (services/support/transitions.ts). */
export const issues = pgTable(
  "issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submittedByUserId: text("submitted_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Null only for issues an admin without an organisation submitted (docs/RULES.md, Support issues). */
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    type: text("type", { enum: ["bug", "data_error", "feature_request"] }).notNull(),
    status: text("status", { enum: ["pending", "active", "resolved"] })
      .notNull()
      .default("pending"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolutionComment: text("resolution_comment"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("issues_org_submitted_idx").on(t.organizationId, t.submittedAt),
    index("issues_submitted_idx").on(t.submittedAt),
  ],
);
