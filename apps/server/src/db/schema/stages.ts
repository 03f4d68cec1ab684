import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";
import { donors } from "./donors.ts";
import { campaigns } from "./campaigns.ts";

/**
 * Stage records (docs/RULES.md, Engagement stages): one row per saved recommendation. A stage is done when the donor has
 * at least one record with its name; the current stage is the first of the five not done.
 * The donor dashboard reads it (issue 3); the recommendation workflow writes it (issue 4).
 */
export const stages = pgTable(
  "stages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    donorId: uuid("donor_id")
      .notNull()
      .references(() => donors.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    stageName: text("stage_name").notNull(),
    promptResponse: text("prompt_response"),
    aiOutput: text("ai_output"),
    prepNotes: text("prep_notes"),
    /** The campaign the recommendation was made for; kept as history (set null) if the campaign is deleted. */
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    provider: text("provider"),
    model: text("model"),
    promptVersion: integer("prompt_version"),
    /**
     * Who wrote the record (issue 15): "ai" for a saved recommendation, "person" when a card was moved on
     * the pipeline board. A person's record carries their short `note` and no AI output.
     */
    kind: text("kind", { enum: ["ai", "person"] })
      .notNull()
      .default("ai"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stages_donor_stage_idx").on(t.donorId, t.stageName),
    index("stages_org_idx").on(t.organizationId, t.createdAt),
  ],
);
