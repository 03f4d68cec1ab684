import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";
import { donors } from "./donors.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Campaigns (docs/RULES.md, Campaigns). Officers who are not owner/manager/admin see only campaigns they own. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    ownerUserId: text("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** Free text, e.g. "$2,000,000" (docs/RULES.md, Campaigns). */
    goal: text("goal").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    details: text("details"),
    officeInfo: text("office_info"),
    isArchived: boolean("is_archived").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("campaigns_org_created_idx").on(t.organizationId, t.createdAt),
    index("campaigns_owner_idx").on(t.ownerUserId),
    check("campaigns_dates_check", sql`${t.startDate} <= ${t.endDate}`),
  ],
);

/** Campaign goals (docs/RULES.md, Campaigns): a donor's goal text for a campaign; also what puts a donor in a campaign. */
export const campaignGoals = pgTable(
  "campaign_goals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    donorId: uuid("donor_id")
      .notNull()
      .references(() => donors.id, { onDelete: "cascade" }),
    goalText: text("goal_text").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("campaign_goals_campaign_donor_idx").on(t.campaignId, t.donorId),
    index("campaign_goals_donor_idx").on(t.donorId),
  ],
);

/** The current prompt of each stage (one row per stage). */
export const stagePrompts = pgTable("stage_prompts", {
  stageName: text("stage_name").primaryKey(),
  promptText: text("prompt_text").notNull(),
  /** Number of the version the current text came from. */
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** Prompt versions (docs/RULES.md, Prompts): every save adds one; Restore Previous makes the second newest current. */
export const stagePromptVersions = pgTable(
  "stage_prompts_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    stageName: text("stage_name").notNull(),
    version: integer("version").notNull(),
    promptText: text("prompt_text").notNull(),
    editedAt: timestamp("edited_at", { withTimezone: true }).notNull().defaultNow(),
    editedBy: text("edited_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("stage_prompts_versions_stage_version_idx").on(t.stageName, t.version)],
);

/** The AI provider setting (docs/RULES.md, AI provider): one global row (id 1). */
export const appSettings = pgTable(
  "app_settings",
  {
    id: integer("id").primaryKey().default(1),
    aiProvider: text("ai_provider").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("app_settings_single_row", sql`${t.id} = 1`)],
);
