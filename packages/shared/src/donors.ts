import { z } from "zod";
import { STAGES } from "./stages.ts";
import { calendarDateSchema, hasForbiddenCharacters, INPUT_MESSAGES, INT4_MAX, INT4_MIN } from "./input.ts";

// ================================================================ messages (spec text, exactly)

export const DONOR_MESSAGES = {
  accessDenied: "You don't have permission to access the donor list.",
  accessDeniedTitle: "Access Denied",
  donorNotFoundTitle: "Donor Not Found",
  donorNotFound: "The donor you're looking for doesn't exist or you don't have permission to view it.",
  noDonors: "No donors found",
  noDonorsMatch: "No donors match your filters",
  invalidCsv: "Please select a valid CSV file.",
  fileAndLogin: "Please select a file and ensure you are logged in.",
  emptyCsv: "The CSV file appears to be empty.",
  parseError: "Error parsing CSV file. Please check the format.",
  readError: (message: string) => `Error reading file: ${message}`,
  uploadFailed: (message: string) => `Failed to upload donors: ${message}`,
  httpError: (status: number) => `HTTP error! status: ${status}`,
  uploadSuccess: (n: number) => `Successfully uploaded ${n} donor records!`,
  loadOrganizationsFailed: "Failed to load organizations",
  loadDonorsFailed: (message: string) => `Failed to load donors: ${message}`,
  saveFilterNotLoggedIn: "You must be logged in to save filter groups",
  saveFilterFailed: (message: string) => `Failed to save filter group: ${message}`,
  saveFilterSuccess: (name: string) => `Filter group "${name}" saved successfully!`,
  unableToDetermineOrganization: "Unable to determine your organization",
  selectDonorsToAdd: "Please select donors to add to the group",
  /** Not in the spec (it only has the add message); same wording for removing. */
  selectDonorsToRemove: "Please select donors to remove from the group",
  addToGroupFailed: (message: string) => `Failed to add donors to group: ${message}`,
  removeFromGroupFailed: (message: string) => `Failed to remove donors from group: ${message}`,
  addedToGroup: (n: number, group: string) => `Added ${n} donors to "${group}"`,
  removedFromGroup: (n: number, group: string) => `Removed ${n} donors from "${group}"`,
  notesSaveFailed: (message: string) => `Failed to save notes: ${message}`,
  notesSaved: "Donor notes saved successfully!",
  // docs/RULES.md, Groups
  groupNameRequired: "Please enter a name for the group",
  groupLoginRequired: "You must be logged in to create groups",
  loadGroupsFailed: (message: string) => `Failed to load groups: ${message}`,
  createGroupFailed: (message: string) => `Failed to create group: ${message}`,
  deleteSavedGroupFailed: (message: string) => `Failed to delete saved group: ${message}`,
  deleteStaticGroupFailed: (message: string) => `Failed to delete static donor group: ${message}`,
  // ours (the spec has none for these situations)
  filtersEmpty: "Set at least one filter before saving a group.",
  noNameColumn: "The CSV file has no First Name or Last Name column.",
  importNotUndoable: "This import cannot be undone now: it is still running or was already undone.",
  /** The batch's `error` when an import stops (the details go to the server log only). */
  importStopped: "The import stopped because of an unexpected error. The rows imported before it can be undone.",
  importInterrupted: "The server stopped during this import and could not continue it. The rows imported before it can be undone.",
  undoStopped: "Undoing this import stopped because of an unexpected error. Please try again.",
  importRowNotSaved: "The database refused a value in this row; it was not imported.",
  importTooLarge: "The CSV file is too large (at most 200 MB).",
  importBusy: "Another import of this organisation is still running. Please wait for it to finish.",
  noEngagement: "No engagement history yet.",
  allStagesCompleted: "All stages completed.",
  nextStep: (stage: string) => `You are in the ${stage} stage...`,
} as const;

// ================================================================ filters

/** The spec's DS Rating options in filters; the list also offers every rating present in the data. */
export const DS_RATING_OPTIONS = ["DS1-1", "DS1-2", "DS1-3"] as const;

export const QUALITY_SCORE_MIN = 0;
export const QUALITY_SCORE_MAX = 10;
export const QUALITY_SCORE_STEP = 0.1;
export const AGE_MIN = 0;
export const AGE_MAX = 120;
export const LAST_GIFT_DATE_DEFAULT_MIN = "1900-01-01";
export const STAGE_FILTER_COMPLETE = "Complete";
/** Stage filter values: a stage name (donors whose current stage it is) or "Complete". */
export const STAGE_FILTER_OPTIONS = [...STAGES, STAGE_FILTER_COMPLETE] as const;

/** Labels of the filtered donor fields (messages and saved-group summaries). */
const FILTER_FIELD_LABELS = {
  estimatedCapacity: "Capacity",
  qualityScore: "Quality Score",
  age: "Age",
  lastGiftAmount: "Last Gift Amount",
  firstGiftAmount: "First Gift Amount",
  totalGiftAmount: "Total Gift Amount",
  largestGiftAmount: "Largest Gift Amount",
  largestGiftFound: "Largest Gift Found",
  numberOfGifts: "# Of Gifts",
  lastGiftDate: "Last Gift Date",
  largestGiftDate: "Largest Gift Date",
} as const;

/** What a filter value may be, so a comparison never asks the column for more than it holds (the page's inputs use them too). */
export const DONOR_FILTER_MONEY_MAX = 999_999_999_999; // numeric(14,2)
export const DONOR_FILTER_QUALITY_SCORE_MAX = 999; // numeric(5,2)
const MONEY_LIMIT = DONOR_FILTER_MONEY_MAX;
const QUALITY_SCORE_LIMIT = DONOR_FILTER_QUALITY_SCORE_MAX;

/**
 * "" / null / undefined → undefined; "12.5" → 12.5 (filter inputs arrive as text from the URL).
 * A value that is not a number, not whole for a whole-number column, or beyond what the column
 * holds is refused with a sentence naming the field.
 */
const optNumber = (label: string, rule: { integer?: boolean; min: number; max: number }) => {
  let n = z
    .number({ error: `${label} must be a number.` })
    .min(rule.min, { error: `${label} must be at least ${rule.min.toLocaleString("en-US")}.` })
    .max(rule.max, { error: `${label} must be at most ${rule.max.toLocaleString("en-US")}.` });
  if (rule.integer) n = n.int({ error: `${label} must be a whole number.` });
  return z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
    n.optional(),
  );
};
const money = (label: string) => optNumber(label, { min: -MONEY_LIMIT, max: MONEY_LIMIT });
const whole = (label: string) => optNumber(label, { integer: true, min: INT4_MIN, max: INT4_MAX });
const optText = z.preprocess(
  (v) => (v === null || v === undefined ? undefined : typeof v === "string" ? v : String(v)),
  z
    .string()
    .max(200, { error: "A text filter is too long (200 characters at most)." })
    .refine((s) => !hasForbiddenCharacters(s), { error: INPUT_MESSAGES.forbiddenCharacter })
    .optional(),
);
const optDate = (label: string) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : v),
    calendarDateSchema(`${label} must be a real calendar date (YYYY-MM-DD).`).optional(),
  );

/**
 * The donor list's filters: the URL's `filters` (encoded JSON) and a saved group's
 * filter_settings. The first seven keys are the spec's; the rest are "the other ranges".
 * A bound left empty does not filter. Defaults (min 0, Quality Score max 10, Age max 120,
 * last gift date from 1900-01-01) count as empty (see `normalizeDonorFilters`).
 */
export const donorFilterSettingsSchema = z.object({
  searchTerm: optText,
  /** A stage name or "Complete"; "" / "all" = no stage filter. */
  selectedStageFilter: optText,
  /** Exact DS Rating; "" / "all" = any. */
  selectedDSRatingFilter: optText,
  minCapacity: money(FILTER_FIELD_LABELS.estimatedCapacity),
  maxCapacity: money(FILTER_FIELD_LABELS.estimatedCapacity),
  minQualityScore: optNumber(FILTER_FIELD_LABELS.qualityScore, { min: -QUALITY_SCORE_LIMIT, max: QUALITY_SCORE_LIMIT }),
  maxQualityScore: optNumber(FILTER_FIELD_LABELS.qualityScore, { min: -QUALITY_SCORE_LIMIT, max: QUALITY_SCORE_LIMIT }),
  minAge: whole(FILTER_FIELD_LABELS.age),
  maxAge: whole(FILTER_FIELD_LABELS.age),
  minLastGiftAmount: money(FILTER_FIELD_LABELS.lastGiftAmount),
  maxLastGiftAmount: money(FILTER_FIELD_LABELS.lastGiftAmount),
  minFirstGiftAmount: money(FILTER_FIELD_LABELS.firstGiftAmount),
  maxFirstGiftAmount: money(FILTER_FIELD_LABELS.firstGiftAmount),
  minTotalGiftAmount: money(FILTER_FIELD_LABELS.totalGiftAmount),
  maxTotalGiftAmount: money(FILTER_FIELD_LABELS.totalGiftAmount),
  minLargestGiftAmount: money(FILTER_FIELD_LABELS.largestGiftAmount),
  maxLargestGiftAmount: money(FILTER_FIELD_LABELS.largestGiftAmount),
  minLargestGiftFound: money(FILTER_FIELD_LABELS.largestGiftFound),
  maxLargestGiftFound: money(FILTER_FIELD_LABELS.largestGiftFound),
  minNumberOfGifts: whole(FILTER_FIELD_LABELS.numberOfGifts),
  maxNumberOfGifts: whole(FILTER_FIELD_LABELS.numberOfGifts),
  /** Largest Gift Date range, YYYY-MM-DD; donors without the date are excluded when active. */
  minLargestGiftDate: optDate(FILTER_FIELD_LABELS.largestGiftDate),
  maxLargestGiftDate: optDate(FILTER_FIELD_LABELS.largestGiftDate),
  /** Last gift date range (default 1900-01-01 … today); donors without a valid date are excluded when active. */
  minLastGiftDate: optDate(FILTER_FIELD_LABELS.lastGiftDate),
  maxLastGiftDate: optDate(FILTER_FIELD_LABELS.lastGiftDate),
  /** Case-insensitive substring of First Date Range (e.g. "1995" or "2005-20"). */
  firstDateRange: optText,
});
export type DonorFilterSettings = z.infer<typeof donorFilterSettingsSchema>;

/** The same keys as plain values (no input coercion): for responses, where schemas must also encode. */
export const donorFilterValuesSchema = z.object(
  Object.fromEntries(
    Object.keys(donorFilterSettingsSchema.shape).map((k) => [k, z.union([z.string(), z.number()]).optional()]),
  ) as Record<keyof DonorFilterSettings, z.ZodOptional<z.ZodUnion<[z.ZodString, z.ZodNumber]>>>,
);

/** The numeric range filters: [min key, max key, donor field key, default min, default max]. */
export const DONOR_RANGE_FILTERS = [
  ["minCapacity", "maxCapacity", "estimatedCapacity", 0, undefined],
  ["minQualityScore", "maxQualityScore", "qualityScore", QUALITY_SCORE_MIN, QUALITY_SCORE_MAX],
  ["minAge", "maxAge", "age", AGE_MIN, AGE_MAX],
  ["minLastGiftAmount", "maxLastGiftAmount", "lastGiftAmount", 0, undefined],
  ["minFirstGiftAmount", "maxFirstGiftAmount", "firstGiftAmount", 0, undefined],
  ["minTotalGiftAmount", "maxTotalGiftAmount", "totalGiftAmount", 0, undefined],
  ["minLargestGiftAmount", "maxLargestGiftAmount", "largestGiftAmount", 0, undefined],
  ["minLargestGiftFound", "maxLargestGiftFound", "largestGiftFound", 0, undefined],
  ["minNumberOfGifts", "maxNumberOfGifts", "numberOfGifts", 0, undefined],
] as const satisfies readonly (readonly [keyof DonorFilterSettings, keyof DonorFilterSettings, string, number, number | undefined])[];

/** The date range filters: [min key, max key, donor field key, default min]. */
export const DONOR_DATE_FILTERS = [
  ["minLastGiftDate", "maxLastGiftDate", "lastGiftDate", LAST_GIFT_DATE_DEFAULT_MIN],
  ["minLargestGiftDate", "maxLargestGiftDate", "largestGiftDate", undefined],
] as const;

/**
 * Drops empty values and values equal to a default, so `{}` means "no filter". A numeric
 * range filters when either bound remains; then donors without the value are excluded.
 * Garbage in the URL never throws: unparsable input gives `{}`.
 */
export function normalizeDonorFilters(input: unknown): DonorFilterSettings {
  const parsed = donorFilterSettingsSchema.safeParse(input ?? {});
  if (!parsed.success) return {};
  const f: Record<string, unknown> = { ...parsed.data };
  for (const k of ["searchTerm", "firstDateRange"] as const) {
    const v = typeof f[k] === "string" ? (f[k] as string).trim() : "";
    if (v) f[k] = v;
    else delete f[k];
  }
  for (const k of ["selectedStageFilter", "selectedDSRatingFilter"] as const) {
    const v = typeof f[k] === "string" ? (f[k] as string).trim() : "";
    if (v && v.toLowerCase() !== "all") f[k] = v;
    else delete f[k];
  }
  for (const [minK, maxK, , dMin, dMax] of DONOR_RANGE_FILTERS) {
    if (f[minK] === undefined || f[minK] === dMin) delete f[minK];
    if (f[maxK] === undefined || (dMax !== undefined && f[maxK] === dMax)) delete f[maxK];
  }
  for (const [minK, maxK, , dMin] of DONOR_DATE_FILTERS) {
    if (f[minK] === undefined || f[minK] === dMin) delete f[minK];
    if (f[maxK] === undefined) delete f[maxK];
  }
  for (const k of Object.keys(f)) if (f[k] === undefined) delete f[k];
  return f as DonorFilterSettings;
}

/** Save Group is disabled when this is true (all filters empty or at their defaults). */
export const areDonorFiltersEmpty = (filters: unknown): boolean => Object.keys(normalizeDonorFilters(filters)).length === 0;

/** The URL form: `filters=` + encodeURIComponent(JSON). Empty filters → "". */
export const encodeDonorFilters = (filters: DonorFilterSettings): string => {
  const f = normalizeDonorFilters(filters);
  return Object.keys(f).length ? JSON.stringify(f) : "";
};
/** Reads the URL's `filters` value (already URI-decoded); bad JSON → {}. */
export function decodeDonorFilters(value: string | null | undefined): DonorFilterSettings {
  if (!value) return {};
  try {
    return normalizeDonorFilters(JSON.parse(value));
  } catch {
    return {};
  }
}

/**
 * The server's reading of the URL's `filters` (already URI-decoded): like `decodeDonorFilters` (text that
 * is not a JSON object is ignored), but a value that cannot be applied is refused with a sentence instead
 * of dropping every filter, so a request never reaches the database with a number or date the column
 * cannot compare, and a user never gets an unfiltered list or export by mistake.
 */
export function parseDonorFilters(value: string | null | undefined): { ok: true; filters: DonorFilterSettings } | { ok: false; message: string } {
  if (!value) return { ok: true, filters: {} };
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    return { ok: true, filters: {} }; // unreadable as a whole: ignored, as the page does
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { ok: true, filters: {} };
  const parsed = donorFilterSettingsSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "The filters are not valid." };
  return { ok: true, filters: normalizeDonorFilters(parsed.data) };
}

/** Human summary of a filter set, e.g. for saved-group cards (docs/RULES.md, Groups: at most 3 shown). */
export function summarizeDonorFilters(filters: unknown, max = 3): string[] {
  const f = normalizeDonorFilters(filters);
  const out: string[] = [];
  if (f.searchTerm) out.push(`Search: "${f.searchTerm}"`);
  if (f.selectedStageFilter) out.push(`Stage: ${f.selectedStageFilter}`);
  if (f.selectedDSRatingFilter) out.push(`DS Rating: ${f.selectedDSRatingFilter}`);
  const labels: Record<string, string> = FILTER_FIELD_LABELS;
  for (const [minK, maxK, key] of [...DONOR_RANGE_FILTERS, ...DONOR_DATE_FILTERS]) {
    const lo = f[minK as keyof DonorFilterSettings];
    const hi = f[maxK as keyof DonorFilterSettings];
    if (lo !== undefined || hi !== undefined) out.push(`${labels[key]}: ${lo ?? "any"} – ${hi ?? "any"}`);
  }
  if (f.firstDateRange) out.push(`First Date Range: "${f.firstDateRange}"`);
  return out.slice(0, max);
}

// ================================================================ list

export const DONOR_SORT_KEYS = [
  "lastName",
  "firstName",
  "dsRating",
  "qualityScore",
  "estimatedCapacity",
  "totalGiftAmount",
  "numberOfGifts",
  "lastGiftDate",
  "age",
] as const;
export type DonorSortKey = (typeof DONOR_SORT_KEYS)[number];
export const DONOR_PAGE_SIZE_DEFAULT = 50;
export const DONOR_PAGE_SIZE_MAX = 200;

/**
 * GET /api/donors query. `filters` is the same encoded JSON as the page URL's `filters`
 * (decode with `decodeDonorFilters`). Ties always fall back to Last Name, First Name, id.
 */
export const donorListQuerySchema = z.object({
  filters: z.string().max(4000).optional(),
  sort: z.enum(DONOR_SORT_KEYS).default("lastName"),
  dir: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(DONOR_PAGE_SIZE_MAX).default(DONOR_PAGE_SIZE_DEFAULT),
  staticGroup: z.string().uuid().optional(),
  /** Admins only: list this organisation's donors (others: 404 unless it is their own). */
  organizationId: z.string().uuid().optional(),
});
export type DonorListQuery = z.infer<typeof donorListQuerySchema>;

/** The export takes the same filters, group and organisation (no paging: every matching donor). */
export const donorExportQuerySchema = donorListQuerySchema.pick({ filters: true, sort: true, dir: true, staticGroup: true, organizationId: true });
export type DonorExportQuery = z.infer<typeof donorExportQuerySchema>;

export const donorListRowSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  dsRating: z.string().nullable(),
  qualityScore: z.number().nullable(),
  estimatedCapacity: z.number().nullable(),
  totalGiftAmount: z.number().nullable(),
  numberOfGifts: z.number().nullable(),
  lastGiftDate: z.string().nullable(),
  lastGiftAmount: z.number().nullable(),
  age: z.number().nullable(),
  /** First of the five stages with no stage record, or "Complete". */
  currentStage: z.string(),
});
export type DonorListRow = z.infer<typeof donorListRowSchema>;

export const donorListResponseSchema = z.object({
  rows: z.array(donorListRowSchema),
  /** Exact number of donors matching the filters (and group). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  /** Donors of the organisation(s) before filtering: tells "No donors found" from "No donors match your filters". */
  unfilteredTotal: z.number().int(),
  /** DS ratings present in the organisation's data, sorted (for the DS Rating filter). */
  dsRatings: z.array(z.string()),
  /** The static group shown, when staticGroup was given. */
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The filters the server applied (normalised). */
  appliedFilters: donorFilterValuesSchema,
});
export type DonorListResponse = z.infer<typeof donorListResponseSchema>;

// ================================================================ record

export const stageRecordSchema = z.object({
  id: z.string(),
  stageName: z.string(),
  promptResponse: z.string().nullable(),
  aiOutput: z.string().nullable(),
  prepNotes: z.string().nullable(),
  campaignId: z.string().nullable(),
  createdAt: z.string(),
});
export type StageRecord = z.infer<typeof stageRecordSchema>;

export const donorChangeSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** "import" (importBatchId set), "screen" (notes editor) or "undo" (an import was undone). */
  source: z.enum(["import", "screen", "undo"]),
  importBatchId: z.string().nullable(),
  createdAt: z.string(),
  changes: z.array(z.object({ field: z.string(), label: z.string(), old: z.unknown(), new: z.unknown() })),
});
export type DonorChange = z.infer<typeof donorChangeSchema>;

const fieldValueSchema = z.union([z.string(), z.number(), z.null()]);

export const donorRecordSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  /** Sanitised HTML from the Donor Notes editor ("" when none). */
  notes: z.string(),
  /** Every catalogue field by key (DONOR_FIELDS), null when empty. */
  fields: z.record(z.string(), fieldValueSchema),
  /** Columns of the import that are not in the catalogue, by their header. */
  unknownFields: z.record(z.string(), z.string()),
  currentStage: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DonorRecord = z.infer<typeof donorRecordSchema>;

export const donorRecordResponseSchema = z.object({
  donor: donorRecordSchema,
  /** Stage records, oldest first (the Engagement Timeline and the stage strip). */
  stages: z.array(stageRecordSchema),
  /** Change history, newest first (at most 100). */
  changes: z.array(donorChangeSchema),
  /** Computed permissions for the UI. */
  permissions: z.object({ editNotes: z.boolean() }),
});
export type DonorRecordResponse = z.infer<typeof donorRecordResponseSchema>;

export const DONOR_NOTES_MAX_LENGTH = 100_000;
export const donorNotesInputSchema = z.object({ notes: z.string().max(DONOR_NOTES_MAX_LENGTH) });
export const donorNotesResponseSchema = z.object({ notes: z.string(), message: z.string() });

/** Tags the notes editor produces (Mantine tiptap: H1–H3, bold, italic, underline, strike, lists, blockquote, code block, link). */
export const DONOR_NOTES_ALLOWED_TAGS = ["p", "br", "h1", "h2", "h3", "strong", "b", "em", "i", "u", "s", "strike", "ol", "ul", "li", "blockquote", "pre", "code", "a"] as const;

// ================================================================ groups

export const donorGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  userId: z.string().nullable(),
  createdAt: z.string(),
  memberCount: z.number().int(),
});
export type DonorGroup = z.infer<typeof donorGroupSchema>;

const groupName = z.string({ error: DONOR_MESSAGES.groupNameRequired }).trim().min(1, DONOR_MESSAGES.groupNameRequired).max(200);

export const createDonorGroupSchema = z.object({
  name: groupName,
  /** Admins only; others create in their own organisation. */
  organizationId: z.string().uuid().optional(),
});
export const groupQuerySchema = z.object({ organizationId: z.string().uuid().optional() });

export const groupMembersInputSchema = z.object({
  donorIds: z.array(z.string().uuid()).max(10_000),
});
export const groupMembersResponseSchema = z.object({ count: z.number().int(), message: z.string() });

export const savedDonorGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  userId: z.string().nullable(),
  createdAt: z.string(),
  filterSettings: donorFilterValuesSchema,
});
export type SavedDonorGroup = z.infer<typeof savedDonorGroupSchema>;

export const createSavedDonorGroupSchema = z.object({
  name: groupName,
  filterSettings: donorFilterSettingsSchema,
  organizationId: z.string().uuid().optional(),
});

// ================================================================ import

/**
 * queued → running → completed; a running import left by a stopped server is resumed at start-up, or
 * becomes `interrupted` when its upload is gone; `failed` = stopped by an error. Completed, failed and
 * interrupted imports can be undone (undoing → undone).
 */
export const IMPORT_STATUSES = ["queued", "running", "completed", "failed", "interrupted", "undoing", "undone"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
/** Problems kept per import (the first ones, by row); `problemCount` counts all of them. */
export const IMPORT_PROBLEMS_SHOWN = 1000;

export const importProblemSchema = z.object({
  /** 1-based number of the data row (the header is row 0; blank lines are not counted). */
  row: z.number().int(),
  /** The column's header as written in the file ("" for a problem with the whole row). */
  column: z.string(),
  problem: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importBatchSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  fileName: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  rowsTotal: z.number().int(),
  rowsDone: z.number().int(),
  counts: z.object({
    inserted: z.number().int(),
    updated: z.number().int(),
    /** Matched an existing donor whose values were all the same. */
    unchanged: z.number().int(),
    /** Rows not imported (no first and no last name); each has a problem in the report. */
    skipped: z.number().int(),
  }),
  problemCount: z.number().int(),
  /** The first IMPORT_PROBLEMS_SHOWN problems, by row. */
  problems: z.array(importProblemSchema),
  /** One sentence when status is failed or interrupted (or an undo stopped); never SQL or donor data. */
  error: z.string().nullable(),
  /** "Successfully uploaded {n} donor records!" once completed (n = inserted + updated + unchanged). */
  message: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  canUndo: z.boolean(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

export const importQuerySchema = z.object({
  /** Admins only: import into this organisation (empty = their own). Others: 404 unless their own. */
  targetOrganizationId: z.string().uuid().optional(),
  fileName: z.string().max(255).optional(),
});

// ================================================================ export

/** docs/RULES.md, Export: the export's 16 columns, in order, with the donor field each one reads. */
export const DONOR_EXPORT_COLUMNS = [
  ["First Name", "firstName"],
  ["Last Name", "lastName"],
  ["Email", "email"],
  ["Phone Number", "phoneNumber"],
  ["Address", "address"],
  ["City", "city"],
  ["State", "state"],
  ["Largest Gift Found", "largestGiftFound"],
  ["Estimated Capacity", "estimatedCapacity"],
  ["DS Rating", "dsRating"],
  ["Quality Score", "qualityScore"],
  ["Total Gift Amount", "totalGiftAmount"],
  ["Number of Gifts", "numberOfGifts"],
  ["Last Gift Date", "lastGiftDate"],
  ["Age", "age"],
  ["Organization", "organizationName"],
] as const;
export const DONOR_EXPORT_HEADERS = DONOR_EXPORT_COLUMNS.map(([h]) => h);

/** donors_{date}.csv with date YYYY-MM-DD. */
export const donorExportFileName = (date = new Date()) => `donors_${date.toISOString().slice(0, 10)}.csv`;

/** Formula-injection guard: a cell starting with = + - @ tab or CR gets a leading apostrophe. */
export const neutralizeCsvCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One CSV cell: neutralised, then quoted when it holds a comma, quote or line break. */
export const csvCell = (value: string | number | null | undefined): string => {
  if (value === null || value === undefined) return "";
  const s = neutralizeCsvCell(String(value));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

