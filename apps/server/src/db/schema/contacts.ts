import { date, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";
import { donors } from "./donors.ts";

/**
 * Contact reports (issue 15; docs/RULES.md, Contact reports): one interaction with a donor. The donor's
 * latest contact date is kept on donors.last_contact_date, in the same transaction as every write here
 * (docs/decisions/045-last-contact-column.md), so the list sorts and filters by it from an index.
 */
export const contactReports = pgTable(
  "contact_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    donorId: uuid("donor_id")
      .notNull()
      .references(() => donors.id, { onDelete: "cascade" }),
    /** The author; a deleted user leaves their reports (history) without one. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type", { enum: ["call", "meeting", "email", "event", "letter", "other"] }).notNull(),
    contactDate: date("contact_date", { mode: "string" }).notNull(),
    /** Who took part, as written (people outside the organisation). */
    participants: text("participants").notNull().default(""),
    /** Colleagues who took part (user ids; one who is deleted later simply drops out of the display). */
    participantUserIds: jsonb("participant_user_ids").$type<string[]>().notNull().default([]),
    /** Sanitised HTML (the notes editor's allow-list). */
    summary: text("summary").notNull(),
    nextStep: text("next_step"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The donor's timeline (newest first) and its latest contact (max(contact_date) per donor).
    index("contact_reports_donor_date_idx").on(t.donorId, t.contactDate, t.createdAt),
    index("contact_reports_org_date_idx").on(t.organizationId, t.contactDate),
  ],
);
