import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  customType,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";

/**
 * A name in the list's order (docs/decisions/075-name-order-keys.md): lower case, common Latin accents
 * folded, compared byte by byte (COLLATE "C"), so "de Souza" sorts among the D's and "Ávila" among the A's
 * on every database, whatever its collation. Kept by PostgreSQL as stored generated columns of `donors`
 * (`donor_name_sort_key`, migration 0031) and copied into `donor_search` by its triggers.
 */
const nameSortKey = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/** lower(last) | lower(first) | zip: the name-and-zip key the import matches on (see services/donors/import/chunk-sql.ts). */
export const donorNameKeySql = (last: AnyPgColumn, first: AnyPgColumn, zip: AnyPgColumn) =>
  sql`(lower(coalesce(${last}, '')) || '|' || lower(coalesce(${first}, '')) || '|' || coalesce(${zip}, ''))`;

/**
 * The import's three match keys as 64-bit hashes, one array per donor (ADR 058): Client ID, lower-case
 * email, name key, each tagged by its kind. One GIN index over it replaces a btree per key; the lookup
 * (services/donors/import/chunk-sql.ts) asks for any of a chunk's hashes and compares the keys themselves.
 */
export const donorMatchHashesSql = (t: {
  clientId: AnyPgColumn;
  email: AnyPgColumn;
  lastName: AnyPgColumn;
  firstName: AnyPgColumn;
  zip: AnyPgColumn;
}) =>
  sql`(ARRAY[hashtextextended('c' || ${t.clientId}, 0), hashtextextended('e' || lower(${t.email}), 0), hashtextextended('n' || ${donorNameKeySql(t.lastName, t.firstName, t.zip)}, 0)])`;

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: "number" });

/**
 * Everything of a donor that is not a typed column: catalogue fields under their codes (or, stored before
 * ADR 060, their keys: services/donors/extra.ts reads both), unknown columns by header, unparsable cells raw.
 */
export type DonorExtra = {
  fields?: Record<string, string | number | null>;
  unknown?: Record<string, string>;
  invalid?: Record<string, string>;
};

/**
 * The donor record (docs/RULES.md, Donors). Typed, indexed columns for what is filtered, sorted, exported or
 * summed (see `column: true` in packages/shared/src/donor-fields.ts); the rest in `extra`.
 */
export const donors = pgTable(
  "donors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    prefix: text("prefix"),
    firstName: text("first_name"),
    middleName: text("middle_name"),
    lastName: text("last_name"),
    /** The list's order of the last name (nameSortKey): never written by the app. */
    lastNameKey: nameSortKey("last_name_key").generatedAlwaysAs(sql`donor_name_sort_key(last_name)`),
    /** The list's order of the first name. */
    firstNameKey: nameSortKey("first_name_key").generatedAlwaysAs(sql`donor_name_sort_key(first_name)`),
    suffix: text("suffix"),
    age: integer("age"),
    dateOfBirth: date("date_of_birth", { mode: "string" }),
    email: text("email"),
    phoneNumber: text("phone_number"),
    address: text("address"),
    address2: text("address2"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    clientId: text("client_id"),
    dsRating: text("ds_rating"),
    qualityScore: numeric("quality_score", { precision: 5, scale: 2, mode: "number" }),
    classicQualityScore: numeric("classic_quality_score", { precision: 8, scale: 2, mode: "number" }),
    estimatedCapacity: money("estimated_capacity"),
    totalGiftAmount: money("total_gift_amount"),
    numberOfGifts: integer("number_of_gifts"),
    lastGiftDate: date("last_gift_date", { mode: "string" }),
    lastGiftAmount: money("last_gift_amount"),
    largestGiftAmount: money("largest_gift_amount"),
    largestGiftDate: date("largest_gift_date", { mode: "string" }),
    largestGiftFound: money("largest_gift_found"),
    firstGiftAmount: money("first_gift_amount"),
    firstDateRange: text("first_date_range"),
    /** Rich text (sanitised HTML) from the Donor Notes editor. */
    notes: text("notes").notNull().default(""),
    /**
     * `json`, not `jsonb`: only the app reads inside it (never SQL), and converting ~1.5 KB to jsonb
     * per row was about a fifth of an import's database time.
     */
    extra: json("extra").$type<DonorExtra>().notNull().default({}),
    /** The import that created this donor (undo removes it). */
    createdByImportId: uuid("created_by_import_id"),
    /**
     * The donor's relationship manager (issue 15, Portfolios): an officer, manager or owner of the
     * organisation (packages/shared/src/policy/rules.ts, eligibleRelationshipManager). A user who is
     * deleted leaves their donors unassigned.
     */
    relationshipManagerId: text("relationship_manager_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The date of the donor's latest contact report (issue 15, Contact reports), kept in the same transaction
     * as each report write (docs/decisions/045-last-contact-column.md); null when none.
     */
    lastContactDate: date("last_contact_date", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The name order (ADR 075). (It carried the email for the name search until donor_search, ADR 057.)
    index("donors_org_name_idx").on(t.organizationId, t.lastNameKey, t.firstNameKey, t.id),
    // Import matching on Client ID, email or first + last name + zip (ADR 058).
    index("donors_match_keys_idx").using("gin", donorMatchHashesSql(t)),
    // DS Rating with capacity: the rating + capacity range filter counts a range of this index instead of
    // every entry of donors_org_filter_cols_idx; its prefix serves the DS ratings' skip scan.
    index("donors_org_rating_capacity_idx").on(t.organizationId, t.dsRating, t.estimatedCapacity),
    // The list sorted by capacity, largest first (the prospect view): walks the index, no sort of the organisation.
    // Also serves capacity range filters.
    index("donors_org_capacity_sort_idx").on(
      t.organizationId,
      sql`${t.estimatedCapacity} DESC NULLS LAST`,
      t.lastNameKey,
      t.firstNameKey,
      t.id,
    ),
    // Every numeric/date filter column, so the exact count of a filtered list is an index-only scan of the
    // organisation's entries instead of a read of its rows (≈ 30 ms instead of ≈ 100 ms at 100k donors).
    // The organisation is the only key and the columns are INCLUDEd (ADR 059): entries stay in table order,
    // so an import appends to it and a scan's visibility checks stay on one visibility-map page for long
    // runs. Drizzle has no INCLUDE: the key expression closes the key list and opens it (migration 0025).
    index("donors_org_filter_cols_idx").on(
      sql`${t.organizationId}) INCLUDE (${sql.join(
        [
          t.qualityScore,
          t.age,
          t.estimatedCapacity,
          t.dsRating,
          t.lastGiftAmount,
          t.firstGiftAmount,
          t.totalGiftAmount,
          t.largestGiftAmount,
          t.largestGiftFound,
          t.numberOfGifts,
          t.lastGiftDate,
          t.largestGiftDate,
        ],
        sql`, `,
      )}`,
    ),
    // Quality and age as keys (ADR 059): the count of that pair of range filters reads a range of this
    // 47 MB (per million donors) index instead of all of the one above (35-38 ms instead of 59-89 at 1M).
    index("donors_org_quality_age_idx").on(t.organizationId, t.qualityScore, t.age),
    index("donors_org_last_gift_date_idx").on(t.organizationId, t.lastGiftDate),
    // The Portfolio filter (mine, a colleague's, unassigned) and portfolio sizes per manager.
    index("donors_org_relationship_manager_idx").on(t.organizationId, t.relationshipManagerId),
    // Last Contact and Days Since Contact (issue 15): the range filters, their counts (index-only) and the
    // oldest-first sort; the newest-first sort (the first click on either column) walks the second index,
    // as the capacity sort does (a seq scan + top-N sort took ≈ 240 ms at 100k donors under load). Only
    // contacted donors are in it: the never contacted follow in name order (donors_org_name_idx), and an
    // import, whose donors are all never contacted, does not sort them into it (list-sql.ts; ADR 058).
    index("donors_org_last_contact_idx").on(t.organizationId, t.lastContactDate),
    index("donors_org_contacted_sort_idx")
      .on(t.organizationId, sql`${t.lastContactDate} DESC NULLS LAST`, t.lastNameKey, t.firstNameKey, t.id)
      .where(sql`${t.lastContactDate} IS NOT NULL`),
    index("donors_created_by_import_idx").on(t.createdByImportId),
    // The search's trigram indexes are on donor_search (below), not here.
  ],
);

/**
 * The list's search (docs/decisions/057-donor-search-table.md): each donor's name and email in a
 * narrow row, kept by triggers on `donors` (migrations 0023, 0027, 0031), so a search that matches
 * 40,000 of a million donors rechecks and sorts ≈ 110-byte rows instead of reading 40,000 pages of
 * 2 KB donors.
 * Never written by the app. "first last" and the email are kept in lower case (ADR 062): the search
 * compares them with LIKE and the term's lower(), which is what ILIKE computes for every row it checks.
 * The names are kept as their order's keys (ADR 075), for sorting the matches. The trigram indexes
 * (pg_trgm GIN) serve LIKE '%term%'; on PGlite they are created with a 64 MB pending list (row-by-row
 * upkeep made imports ~5x slower, migration 0012), merged by the VACUUM that follows each import.
 */
export const donorSearch = pgTable(
  "donor_search",
  {
    donorId: uuid("donor_id").primaryKey(),
    organizationId: uuid("organization_id").notNull(),
    /** donors.first_name_key */
    firstNameKey: nameSortKey("first_name_key"),
    /** donors.last_name_key */
    lastNameKey: nameSortKey("last_name_key"),
    /** lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) */
    nameLower: text("name_lower").notNull(),
    /** lower(email) */
    emailLower: text("email_lower"),
  },
  (t) => [
    // Deduplicated (10 MB for a million entries of one organisation): a two-letter search, which no
    // trigram serves, scans only its organisation's rows. PostgreSQL only (migration 0023): on PGlite it
    // cost 1-1.5 s of a 100k import and saves little in its few organisations.
    index("donor_search_org_idx").on(t.organizationId),
    index("donor_search_name_trgm_idx").using("gin", sql`${t.nameLower} gin_trgm_ops`),
    index("donor_search_email_trgm_idx").using("gin", sql`${t.emailLower} gin_trgm_ops`),
  ],
);

/**
 * How many donors each organisation has, as rows to add up (migration 0021,
 * docs/decisions/051-donor-count-per-organisation.md): statement-level triggers on `donors` append one
 * row per statement and organisation (+n inserted, −n deleted), so no two writers ever wait on one
 * counter row, and housekeeping folds each organisation's rows into one. The unfiltered list's total
 * is their sum instead of a count of up to a million index entries. A donor's organisation never
 * changes (a trigger refuses it), so inserts and deletes are all the counts follow.
 */
export const donorCountDeltas = pgTable(
  "donor_count_deltas",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
  },
  (t) => [index("donor_count_deltas_org_idx").on(t.organizationId)],
);

/** Static donor groups (docs/RULES.md, Groups). */
export const donorGroups = pgTable(
  "donor_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("donor_groups_org_idx").on(t.organizationId, t.name)],
);

export const donorGroupMembers = pgTable(
  "donor_group_members",
  {
    donorGroupId: uuid("donor_group_id")
      .notNull()
      .references(() => donorGroups.id, { onDelete: "cascade" }),
    donorId: uuid("donor_id")
      .notNull()
      .references(() => donors.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.donorGroupId, t.donorId] }), index("donor_group_members_donor_idx").on(t.donorId)],
);

/** Saved filter groups: filter_settings with the spec's keys (DonorFilterSettings). */
export const savedDonorGroups = pgTable(
  "saved_donor_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    filterSettings: jsonb("filter_settings").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("saved_donor_groups_org_idx").on(t.organizationId, t.createdAt)],
);

/** One CSV import: a background job with progress, counts and (with donor_changes) what undo needs. */
export const donorImportBatches = pgTable(
  "donor_import_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name"),
    status: text("status", { enum: ["queued", "running", "completed", "failed", "interrupted", "undoing", "undone"] })
      .notNull()
      .default("queued"),
    rowsTotal: integer("rows_total").notNull().default(0),
    rowsDone: integer("rows_done").notNull().default(0),
    inserted: integer("inserted").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    problemCount: integer("problem_count").notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [index("donor_import_batches_org_idx").on(t.organizationId, t.createdAt)],
);

/** The import report: row number, column, problem. */
export const donorImportProblems = pgTable(
  "donor_import_problems",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => donorImportBatches.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    column: text("column").notNull(),
    problem: text("problem").notNull(),
  },
  (t) => [index("donor_import_problems_batch_idx").on(t.batchId, t.row)],
);

export type DonorFieldChange = { field: string; old: unknown; new: unknown };

/**
 * Donor change history (issue 6): who, when, source (an import batch, the notes screen, an undo)
 * and each changed field's old and new value. An import's rows here are its before-images for undo.
 */
export const donorChanges = pgTable(
  "donor_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    donorId: uuid("donor_id")
      .notNull()
      .references(() => donors.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    source: text("source", { enum: ["import", "screen", "undo"] }).notNull(),
    importBatchId: uuid("import_batch_id").references(() => donorImportBatches.id, { onDelete: "set null" }),
    changes: jsonb("changes").$type<DonorFieldChange[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("donor_changes_donor_idx").on(t.donorId, t.createdAt),
    index("donor_changes_batch_idx").on(t.importBatchId),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * An import's upload, the CSV as sent, kept in the database on PostgreSQL, in pieces of about 1 MB,
 * while the import runs: another app server that takes over the import's job spools it again from here
 * (docs/decisions/042-job-queue.md, 059). Removed when the import ends.
 */
export const donorImportUploads = pgTable(
  "donor_import_uploads",
  {
    batchId: uuid("batch_id").notNull(),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
    /**
     * What the pieces hold: the CSV as sent ("csv", ADR 059), or, stored before that, the spool itself
     * ("spool"), which a server of this version may still take over during a rolling deploy.
     */
    format: text("format", { enum: ["csv", "spool"] })
      .notNull()
      .default("spool"),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.seq] })],
);
