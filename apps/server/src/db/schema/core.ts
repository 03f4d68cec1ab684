import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---- better-auth tables (field names are better-auth's; columns snake_case) ----
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** better-auth twoFactor plugin: true once TOTP is set up and verified (schema/two-factor.ts). */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // User Management's order, newest first (ADR 067): a page of everyone reads 50 entries, not every account.
  (t) => [index("users_newest_first_idx").on(t.createdAt.desc().nullsFirst(), t.email, t.id)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Ours: last time the session was used, for the idle timeout (docs/SECURITY.md). */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

// ---- domain ----
export const organizations = pgTable(
  "organizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The officer's day (issue 15): a donor with no contact for this many days is listed; the owner sets it. */
    noContactDays: integer("no_contact_days").notNull().default(90),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Names are unique case-insensitively (onboarding reuses an existing one).
  (t) => [uniqueIndex("organizations_name_lower_idx").on(sql`lower(${t.name})`)],
);

export const userProfiles = pgTable(
  "user_profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "set null" }),
    onboardingStatus: text("onboarding_status", { enum: ["pending", "submitted", "approved"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("user_profiles_organization_id_idx").on(t.organizationId)],
);

export const roles = pgTable("roles", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  description: text("description"),
});

export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: uuid("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const onboardingForms = pgTable(
  "onboarding_forms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationName: text("organization_name").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phoneNumber: text("phone_number"),
    website: text("website"),
    role: text("role"),
    otherRole: text("other_role"),
    yearsWorked: text("years_worked"),
    fundraisingTypes: text("fundraising_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    otherFundraising: text("other_fundraising"),
    numDonors: integer("num_donors"),
    annualBudget: text("annual_budget"),
    fullTimeStaff: text("full_time_staff"),
    crmDb: text("crm_db"),
    softwareComfort: text("software_comfort"),
    aiTools: text("ai_tools"),
    aiToolsText: text("ai_tools_text"),
    cultivateUse: text("cultivate_use"),
    createdAt: createdAt(),
  },
  (t) => [index("onboarding_forms_user_id_idx").on(t.userId)],
);

/**
 * Every email the app sends goes through here first, so nothing is lost when SMTP is down
 * or not configured. status: queued → sending → sent | queued (retry) | failed (after the last retry);
 * stored = no SMTP. next_attempt_at: when a queued message is due, or when a sending one's claim ends
 * (mail/mailer.ts, ADR 040).
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    kind: text("kind").notNull(),
    status: text("status", { enum: ["queued", "sending", "sent", "failed", "stored"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_status_next_idx").on(t.status, t.nextAttemptAt),
    // The admins' outbox screen, newest first: a page reads 50 entries, not every message ever sent.
    index("email_outbox_newest_first_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Instance-level values the server generates once (e.g. the auth secret when AUTH_SECRET is unset). */
export const systemKv = pgTable("system_kv", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
