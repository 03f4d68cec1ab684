import { z } from "zod";
import { DONOR_FIELDS, type DonorField, type DonorFieldFilter, type DonorFilterSpec } from "../donor-fields.ts";
import { formatDate, formatNumber } from "../format.ts";
import { calendarDateSchema, hasForbiddenCharacters, INPUT_MESSAGES, INT4_MAX } from "../input.ts";
import { STAGES } from "../stages.ts";

/**
 * The donor list's filters (docs/RULES.md, Donor filters). Every filter on a donor field, its key,
 * label, kind, bounds and order, comes from the field catalogue (`DONOR_FIELDS[].filter`); only the
 * two filters that are not one field are declared here: the name/email search and the current stage.
 */

/** The spec's DS Rating options in filters; the list also offers every rating present in the data. */
export const DS_RATING_OPTIONS = ["DS1-1", "DS1-2", "DS1-3"] as const;

export const STAGE_FILTER_COMPLETE = "Complete";
/** Stage filter values: a stage name (donors whose current stage it is) or "Complete". */
export const STAGE_FILTER_OPTIONS = [...STAGES, STAGE_FILTER_COMPLETE] as const;

/**
 * The Portfolio filter (issue 15; docs/RULES.md, Portfolios): "mine" (the signed-in user's donors, whoever
 * opens the URL or the saved group), "unassigned", or a colleague's user id.
 */
export const PORTFOLIO_FILTER_MINE = "mine";
export const PORTFOLIO_FILTER_UNASSIGNED = "unassigned";

/** What the columns hold (numeric(14,2), numeric(5,2)); a bound beyond them could never be compared. */
export const DONOR_FILTER_MONEY_MAX = 999_999_999_999; // numeric(14,2)
export const DONOR_FILTER_QUALITY_SCORE_MAX = 999; // numeric(5,2)
const UNIT_LIMITS = {
  money: { integer: false, max: DONOR_FILTER_MONEY_MAX },
  decimal: { integer: false, max: DONOR_FILTER_QUALITY_SCORE_MAX },
  whole: { integer: true, max: INT4_MAX },
} as const;

/**
 * The one range rule (docs/RULES.md, Donor filters), read by the filter boxes and the server alike: a bound lies
 * within the field's usual bounds when it has them (Quality Score 0–10, Age 0–120), else from 0 to what the column
 * holds; a whole-number field takes whole numbers; and the minimum is not above the maximum.
 */
export function donorRangeLimits(filter: Extract<DonorFieldFilter, { kind: "range" }>): {
  min: number;
  max: number;
  integer: boolean;
} {
  const unit = UNIT_LIMITS[filter.unit];
  return { min: filter.bounds?.[0] ?? 0, max: filter.bounds?.[1] ?? unit.max, integer: unit.integer };
}

/** The sentences of the range rule: the filter boxes show them under the field, the server answers them with a 400. */
export const DONOR_FILTER_MESSAGES = {
  notANumber: (label: string) => `${label} must be a number.`,
  notWhole: (label: string) => `${label} must be a whole number.`,
  tooSmall: (label: string, min: number) => `${label} must be at least ${formatNumber(min)}.`,
  tooLarge: (label: string, max: number) => `${label} must be at most ${formatNumber(max)}.`,
  minAboveMax: (label: string) => `${label}: the minimum must not be more than the maximum.`,
  startAfterEnd: (label: string) => `${label}: the start date must not be after the end date.`,
  notADate: (label: string) => `${label} must be a real calendar date (YYYY-MM-DD).`,
} as const;

type RangeSpec = Extract<DonorFilterSpec, { kind: "range" }>;
type DateSpec = Extract<DonorFilterSpec, { kind: "dateRange" }>;
type TextSpec = Extract<DonorFilterSpec, { kind: "exact" | "contains" }>;
type RangeKey = RangeSpec["min"] | RangeSpec["max"];
type DateKey = DateSpec["min"] | DateSpec["max"];

/** A catalogue field with a filter of the given kind, in the filter's order. */
export type DonorFilterField<K extends DonorFieldFilter["kind"]> = DonorField & {
  filter: Extract<DonorFieldFilter, { kind: K }>;
};
const filterFields = <K extends DonorFieldFilter["kind"]>(...kinds: K[]): DonorFilterField<K>[] =>
  (DONOR_FIELDS.filter((f) => f.filter && (kinds as string[]).includes(f.filter.kind)) as DonorFilterField<K>[]).sort(
    (a, b) => ("order" in a.filter ? a.filter.order : 0) - ("order" in b.filter ? b.filter.order : 0),
  );

/** The numeric range filters, in the panel's order (the catalogue fields with a `range` filter). */
export const DONOR_RANGE_FILTER_FIELDS = filterFields("range");
/** The date range filters, in the panel's order. */
export const DONOR_DATE_FILTER_FIELDS = filterFields("dateRange");
const exactField = filterFields("exact")[0]!;
const containsField = filterFields("contains")[0]!;

/**
 * "" / null / undefined → undefined; "12.5" → 12.5 (filter inputs arrive as text from the URL).
 * A value that is not a number, not whole for a whole-number field, or outside the field's range
 * (`donorRangeLimits`) is refused with a sentence naming the field.
 */
const optNumber = (label: string, rule: { integer: boolean; min: number; max: number }) => {
  let n = z
    .number({ error: DONOR_FILTER_MESSAGES.notANumber(label) })
    .min(rule.min, { error: DONOR_FILTER_MESSAGES.tooSmall(label, rule.min) })
    .max(rule.max, { error: DONOR_FILTER_MESSAGES.tooLarge(label, rule.max) });
  if (rule.integer) n = n.int({ error: DONOR_FILTER_MESSAGES.notWhole(label) });
  return z.preprocess(
    (v) =>
      v === "" || v === null || v === undefined
        ? undefined
        : typeof v === "string"
          ? v.trim() === ""
            ? undefined
            : Number(v.trim())
          : v,
    n.optional(),
  );
};
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
    calendarDateSchema(DONOR_FILTER_MESSAGES.notADate(label)).optional(),
  );

type FilterShape = { searchTerm: typeof optText; selectedStageFilter: typeof optText; portfolio: typeof optText } & {
  [K in TextSpec["key"]]: typeof optText;
} & {
  [K in RangeKey]: ReturnType<typeof optNumber>;
} & { [K in DateKey]: ReturnType<typeof optDate> };

const filterShape = {
  searchTerm: optText,
  /** A stage name or "Complete"; "" / "all" = no stage filter. */
  selectedStageFilter: optText,
  /** "mine", "unassigned" or a user id (PORTFOLIO_FILTER_*); "" / "all" = every donor. */
  portfolio: optText,
  /** Exact DS Rating; "" / "all" = any. */
  [exactField.filter.key]: optText,
  ...Object.fromEntries(
    DONOR_RANGE_FILTER_FIELDS.flatMap(({ label, filter }) => [
      [filter.min, optNumber(label, donorRangeLimits(filter))],
      [filter.max, optNumber(label, donorRangeLimits(filter))],
    ]),
  ),
  /** Date ranges, YYYY-MM-DD; donors without the date are excluded when one is active. */
  ...Object.fromEntries(
    DONOR_DATE_FILTER_FIELDS.flatMap(({ label, filter }) => [
      [filter.min, optDate(label)],
      [filter.max, optDate(label)],
    ]),
  ),
  /** Case-insensitive substring of First Date Range (e.g. "1995" or "2005-20"). */
  [containsField.filter.key]: optText,
} as FilterShape;

/**
 * The donor list's filters: the URL's `filters` (encoded JSON) and a saved group's
 * filter_settings. The first keys are the spec's seven; the rest are "the other ranges".
 * A bound left empty does not filter. Defaults (min 0, Quality Score max 10, Age max 120,
 * last gift date from 1900-01-01) count as empty (see `normalizeDonorFilters`).
 */
export const donorFilterSettingsSchema = z.object(filterShape).superRefine((f, ctx) => {
  const values = f as Record<string, unknown>;
  // A minimum above its maximum matches nobody: refused at the max box, not answered with an empty list.
  for (const { label, filter } of DONOR_RANGE_FILTER_FIELDS) {
    const lo = values[filter.min];
    const hi = values[filter.max];
    if (typeof lo === "number" && typeof hi === "number" && lo > hi)
      ctx.addIssue({ code: "custom", path: [filter.max], message: DONOR_FILTER_MESSAGES.minAboveMax(label) });
  }
  for (const { label, filter } of DONOR_DATE_FILTER_FIELDS) {
    const lo = values[filter.min];
    const hi = values[filter.max];
    if (typeof lo === "string" && typeof hi === "string" && lo > hi)
      ctx.addIssue({ code: "custom", path: [filter.max], message: DONOR_FILTER_MESSAGES.startAfterEnd(label) });
  }
});
export type DonorFilterSettings = z.infer<typeof donorFilterSettingsSchema>;

/** The same keys as plain values (no input coercion): for responses, where schemas must also encode. */
export const donorFilterValuesSchema = z.object(
  Object.fromEntries(
    Object.keys(donorFilterSettingsSchema.shape).map((k) => [k, z.union([z.string(), z.number()]).optional()]),
  ) as Record<keyof DonorFilterSettings, z.ZodOptional<z.ZodUnion<[z.ZodString, z.ZodNumber]>>>,
);

/** The numeric range filters: [min key, max key, donor field key, default min, default max]. */
export const DONOR_RANGE_FILTERS: readonly (readonly [RangeKey, RangeKey, string, number, number | undefined])[] =
  DONOR_RANGE_FILTER_FIELDS.map(
    ({ key, filter }) =>
      [filter.min as RangeKey, filter.max as RangeKey, key, filter.bounds?.[0] ?? 0, filter.bounds?.[1]] as const,
  );

/** The date range filters: [min key, max key, donor field key, default min]. */
export const DONOR_DATE_FILTERS: readonly (readonly [DateKey, DateKey, string, string | undefined])[] =
  DONOR_DATE_FILTER_FIELDS.map(
    ({ key, filter }) => [filter.min as DateKey, filter.max as DateKey, key, filter.defaultMin] as const,
  );

/**
 * Drops empty values and values equal to a default, so `{}` means "no filter". A numeric
 * range filters when either bound remains; then donors without the value are excluded.
 * Garbage in the URL never throws: unparsable input gives `{}`.
 */
export function normalizeDonorFilters(input: unknown): DonorFilterSettings {
  const parsed = donorFilterSettingsSchema.safeParse(input ?? {});
  if (!parsed.success) return {};
  const f: Record<string, unknown> = { ...parsed.data };
  for (const k of ["searchTerm", containsField.filter.key]) {
    const v = typeof f[k] === "string" ? (f[k] as string).trim() : "";
    if (v) f[k] = v;
    else delete f[k];
  }
  for (const k of ["selectedStageFilter", "portfolio", exactField.filter.key]) {
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
export const areDonorFiltersEmpty = (filters: unknown): boolean =>
  Object.keys(normalizeDonorFilters(filters)).length === 0;

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
export function parseDonorFilters(
  value: string | null | undefined,
): { ok: true; filters: DonorFilterSettings } | { ok: false; message: string } {
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

/**
 * Each filter value the range rule refuses, by filter key, with its sentence: the filter panel shows them
 * under their boxes (and sends nothing while there is one), the server answers the first with a 400
 * (`parseDonorFilters`). A minimum above its maximum is reported at the maximum's key.
 */
export function donorFilterProblems(input: unknown): Partial<Record<keyof DonorFilterSettings, string>> {
  const parsed = donorFilterSettingsSchema.safeParse(input ?? {});
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if (typeof key === "string" && !(key in out)) out[key] = issue.message;
  }
  return out;
}

/** One active filter as the list's chips and the saved-group cards show it: "Estimated Capacity" "$500,000 – any". */
export type DonorFilterChip = {
  /** The filter keys it stands for (both bounds of a range): removing the chip removes them. */
  keys: (keyof DonorFilterSettings)[];
  /** The field's catalogue label (or the panel's, for the search and the stage). */
  label: string;
  value: string;
};

type RangeUnit = Extract<DonorFieldFilter, { kind: "range" }>["unit"];
/** A bound as every screen writes the value: money with "$" and separators (a bound of 0 is "$0", not N/A). */
const boundText = (unit: RangeUnit, v: unknown): string => {
  if (typeof v !== "number") return "any";
  if (unit === "money") return `${v < 0 ? "-" : ""}$${formatNumber(Math.abs(v))}`;
  return formatNumber(v);
};

/** The active filters (normalised: defaults and blanks dropped), in the panel's order, each with its label and value. */
export function describeDonorFilters(filters: unknown, names?: Record<string, string>): DonorFilterChip[] {
  const f: Record<string, unknown> = normalizeDonorFilters(filters);
  const out: DonorFilterChip[] = [];
  if (f.searchTerm) out.push({ keys: ["searchTerm"], label: "Search", value: `"${String(f.searchTerm)}"` });
  if (f.selectedStageFilter)
    out.push({ keys: ["selectedStageFilter"], label: "Current Stage", value: String(f.selectedStageFilter) });
  if (f.portfolio)
    out.push({
      keys: ["portfolio"],
      label: "Portfolio",
      value:
        f.portfolio === PORTFOLIO_FILTER_MINE
          ? "Mine"
          : f.portfolio === PORTFOLIO_FILTER_UNASSIGNED
            ? "Unassigned"
            : (names?.[String(f.portfolio)] ?? "A colleague"),
    });
  const exactKey = exactField.filter.key as keyof DonorFilterSettings;
  if (f[exactKey]) out.push({ keys: [exactKey], label: exactField.label, value: String(f[exactKey]) });
  for (const { label, filter } of DONOR_RANGE_FILTER_FIELDS) {
    const lo = f[filter.min];
    const hi = f[filter.max];
    if (lo !== undefined || hi !== undefined)
      out.push({
        keys: [filter.min as RangeKey, filter.max as RangeKey],
        label,
        value: `${boundText(filter.unit, lo)} – ${boundText(filter.unit, hi)}`,
      });
  }
  for (const { label, filter } of DONOR_DATE_FILTER_FIELDS) {
    const lo = f[filter.min];
    const hi = f[filter.max];
    if (lo !== undefined || hi !== undefined)
      out.push({
        keys: [filter.min as DateKey, filter.max as DateKey],
        label,
        value: `${typeof lo === "string" ? formatDate(lo) : "any"} – ${typeof hi === "string" ? formatDate(hi) : "any"}`,
      });
  }
  const containsKey = containsField.filter.key as keyof DonorFilterSettings;
  if (f[containsKey])
    out.push({ keys: [containsKey], label: containsField.label, value: `"${String(f[containsKey])}"` });
  return out;
}

/**
 * A filter set in words, one string per filter, e.g. "Estimated Capacity $500,000 – any" (the list's chips
 * read the same); saved-group cards show at most 3 (docs/RULES.md, Groups).
 */
export function summarizeDonorFilters(filters: unknown, max = 3): string[] {
  return describeDonorFilters(filters)
    .slice(0, max)
    .map((c) => `${c.label} ${c.value}`);
}
