import { date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";
import { donors } from "./donors.ts";
import { stages } from "./stages.ts";

/**
 * Next steps (issue 15; docs/RULES.md, Next steps): a task on a donor with a due date and an owner.
 * Made by hand or from a step of a stage recommendation (`stage_record_id`, kept as history: set null
 * if the record goes). Done and reopened by `status`; snoozing moves `due_date`.
 */
export const nextSteps = pgTable(
  "next_steps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    donorId: uuid("donor_id")
      .notNull()
      .references(() => donors.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    status: text("status", { enum: ["open", "done"] })
      .notNull()
      .default("open"),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    stageRecordId: uuid("stage_record_id").references(() => stages.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    completedBy: text("completed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The officer's day: open steps of an owner by due date; a donor's steps.
    index("next_steps_org_owner_due_idx").on(t.organizationId, t.status, t.ownerId, t.dueDate),
    index("next_steps_donor_idx").on(t.donorId, t.status, t.dueDate),
  ],
);
