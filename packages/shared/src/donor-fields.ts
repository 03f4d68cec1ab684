import { clipText, EMPTY_VALUE, formatDate, formatMoney } from "./format.ts";

/**
 * The donor field catalogue: ONE list that drives the CSV import (header → key → parser),
 * the donor record's display sections, the list filters and the export.
 *
 * - `label` is the header exactly as the research export writes it (see gen-donors.mjs).
 * - `key` is the camelCase name used in the API (`DonorRecord.fields[key]`).
 * - `section` is one of the seven display sections of docs/RULES.md, Donors.
 * - `type` says how a cell is parsed and shown.
 * - `column: true` means a typed, indexed database column (filtered, sorted, exported or
 *   summed); every other field, and every unknown column, is kept in the donor's `extra` JSON.
 */

export const DONOR_SECTIONS = [
  "Capacity & Ratings",
  "Personal Information",
  "Contact Information",
  "Giving History",
  "Wealth Information",
  "Political Giving",
  "Additional Data & Custom Fields",
] as const;
export type DonorSection = (typeof DONOR_SECTIONS)[number];

export const DONOR_FIELD_TYPES = ["text", "money", "number", "integer", "date", "flag", "rating"] as const;
export type DonorFieldType = (typeof DONOR_FIELD_TYPES)[number];

/**
 * How the donor list filters a field (docs/RULES.md, Donor filters). `order` places it among the
 * filters of its kind (the panel and the saved-group summaries follow it).
 * - `range`: a min and a max box. `unit` says what a bound may be (money: numeric(14,2); decimal:
 *   numeric(5,2); whole: integer). `bounds` are the usual values, shown as the boxes' defaults; a bound
 *   equal to its default does not filter (without `bounds` a min of 0 does not filter). `step` and
 *   `decimals` shape the panel's number boxes.
 * - `dateRange`: two dates; a `defaultMin` equal to the min does not filter.
 * - `exact` / `contains`: one text box, matched exactly / as a case-insensitive substring.
 */
export type DonorFieldFilter =
  | {
      kind: "range";
      order: number;
      min: string;
      max: string;
      unit: "money" | "decimal" | "whole";
      bounds?: readonly [number, number];
      step?: number;
      decimals?: number;
    }
  | { kind: "dateRange"; order: number; min: string; max: string; defaultMin?: string }
  | { kind: "exact"; key: string }
  | { kind: "contains"; key: string };

/** A field's place in the export (docs/RULES.md, Export); `header` when the column is not named by the label. */
export type DonorFieldExport = { order: number; header?: string };

export type DonorField = {
  label: string;
  key: string;
  section: DonorSection;
  type: DonorFieldType;
  column: boolean;
  filter?: DonorFieldFilter;
  export?: DonorFieldExport;
  /**
   * Kept by the server from other records (issue 15: the latest contact report), never read from an
   * import and not one of the record's display sections; the list, its filters and the export show it.
   */
  derived?: true;
};

/** A parsed value: text/rating/flag → string ("Yes" | "No" | "Maybe" for flags), money/number/integer → number, date → "YYYY-MM-DD". */
export type DonorFieldValue = string | number | null;

const CAP: DonorSection = "Capacity & Ratings";
const PER: DonorSection = "Personal Information";
const CON: DonorSection = "Contact Information";
const GIV: DonorSection = "Giving History";
const WEA: DonorSection = "Wealth Information";
const POL: DonorSection = "Political Giving";
const ADD: DonorSection = "Additional Data & Custom Fields";

/** Quality Score's usual range (the import refuses other values; the filter boxes default to it). */
export const QUALITY_SCORE_MIN = 0;
export const QUALITY_SCORE_MAX = 10;
export const QUALITY_SCORE_STEP = 0.1;
/** Age's usual range (the import refuses other values; the filter boxes default to it). */
export const AGE_MIN = 0;
export const AGE_MAX = 120;
export const LAST_GIFT_DATE_DEFAULT_MIN = "1900-01-01";

// [label, key, section, type, column, extras]. Generic so that the filter keys and the exported
// keys keep their literal types (DonorFilterSettings and the export's columns are typed from them).
function F<
  const K extends string,
  const X extends Pick<DonorField, "filter" | "export" | "derived"> = Record<never, never>,
>(
  label: string,
  key: K,
  section: DonorSection,
  type: DonorFieldType,
  column = false,
  extras?: X,
): Omit<DonorField, "key"> & { key: K } & X {
  return { label, key, section, type, column, ...(extras as X) };
}

/** A money range filter: no usual bounds, so only a min of 0 counts as empty. */
const money = <const Min extends string, const Max extends string>(order: number, min: Min, max: Max) =>
  ({ kind: "range", order, min, max, unit: "money" }) as const;
/** The field's place among the export's columns (docs/RULES.md, Export). */
const exported = (order: number, header?: string): DonorFieldExport => (header ? { order, header } : { order });

const FIELDS = [
  // Capacity & Ratings
  F("DS Rating", "dsRating", CAP, "rating", true, {
    filter: { kind: "exact", key: "selectedDSRatingFilter" },
    export: exported(9),
  }),
  F("Quality Score", "qualityScore", CAP, "number", true, {
    filter: {
      kind: "range",
      order: 1,
      min: "minQualityScore",
      max: "maxQualityScore",
      unit: "decimal",
      bounds: [QUALITY_SCORE_MIN, QUALITY_SCORE_MAX],
      step: QUALITY_SCORE_STEP,
      decimals: 1,
    },
    export: exported(10),
  }),
  F("Classic Quality Score", "classicQualityScore", CAP, "number", true),
  F("Estimated Capacity", "estimatedCapacity", CAP, "money", true, {
    filter: money(0, "minCapacity", "maxCapacity"),
    export: exported(8),
  }),
  F("Annual Fund Likelihood", "annualFundLikelihood", CAP, "integer"),
  F("Major Gift Likelihood", "majorGiftLikelihood", CAP, "integer"),
  F("Wealth-Based Capacity", "wealthBasedCapacity", CAP, "money"),
  // Personal Information
  F("Prefix", "prefix", PER, "text", true),
  F("First Name", "firstName", PER, "text", true, { export: exported(0) }),
  F("Middle Name", "middleName", PER, "text", true),
  F("Last Name", "lastName", PER, "text", true, { export: exported(1) }),
  F("Suffix", "suffix", PER, "text", true),
  F("Age", "age", PER, "integer", true, {
    filter: {
      kind: "range",
      order: 2,
      min: "minAge",
      max: "maxAge",
      unit: "whole",
      bounds: [AGE_MIN, AGE_MAX],
      decimals: 0,
    },
    export: exported(14),
  }),
  F("Date Of Birth", "dateOfBirth", PER, "date", true),
  // Contact Information
  F("Email", "email", CON, "text", true, { export: exported(2) }),
  F("Phone Number", "phoneNumber", CON, "text", true, { export: exported(3) }),
  F("Address", "address", CON, "text", true, { export: exported(4) }),
  F("Address 2", "address2", CON, "text", true),
  F("City", "city", CON, "text", true, { export: exported(5) }),
  F("State", "state", CON, "text", true, { export: exported(6) }),
  F("Zip", "zip", CON, "text", true),
  // Giving History
  F("Total Gift Amount", "totalGiftAmount", GIV, "money", true, {
    filter: money(5, "minTotalGiftAmount", "maxTotalGiftAmount"),
    export: exported(11),
  }),
  F("# Of Gifts", "numberOfGifts", GIV, "integer", true, {
    filter: { kind: "range", order: 8, min: "minNumberOfGifts", max: "maxNumberOfGifts", unit: "whole", decimals: 0 },
    export: exported(12, "Number of Gifts"),
  }),
  F("Last Gift Date", "lastGiftDate", GIV, "date", true, {
    filter: {
      kind: "dateRange",
      order: 0,
      min: "minLastGiftDate",
      max: "maxLastGiftDate",
      defaultMin: LAST_GIFT_DATE_DEFAULT_MIN,
    },
    export: exported(13),
  }),
  F("Last Gift Amount", "lastGiftAmount", GIV, "money", true, {
    filter: money(3, "minLastGiftAmount", "maxLastGiftAmount"),
  }),
  F("Largest Gift Amount", "largestGiftAmount", GIV, "money", true, {
    filter: money(6, "minLargestGiftAmount", "maxLargestGiftAmount"),
  }),
  F("Largest Gift Date", "largestGiftDate", GIV, "date", true, {
    filter: { kind: "dateRange", order: 1, min: "minLargestGiftDate", max: "maxLargestGiftDate" },
  }),
  F("Largest Gift Found", "largestGiftFound", GIV, "money", true, {
    filter: money(7, "minLargestGiftFound", "maxLargestGiftFound"),
    export: exported(7),
  }),
  F("Largest Gift Found Lower Range", "largestGiftFoundLowerRange", GIV, "money"),
  F("First Gift Amount", "firstGiftAmount", GIV, "money", true, {
    filter: money(4, "minFirstGiftAmount", "maxFirstGiftAmount"),
  }),
  F("First Date Range", "firstDateRange", GIV, "text", true, { filter: { kind: "contains", key: "firstDateRange" } }),
  F("RFM Total", "rfmTotal", GIV, "integer"),
  F("RFM Recent Gift", "rfmRecentGift", GIV, "integer"),
  F("RFM Freq", "rfmFreq", GIV, "integer"),
  F("RFM Money", "rfmMoney", GIV, "integer"),
  F("Total Of Likely Matches", "totalOfLikelyMatches", GIV, "money"),
  F("# Of Gift Matches", "numberOfGiftMatches", GIV, "integer"),
  // Wealth Information
  F("Real Estate Est", "realEstateEst", WEA, "money"),
  F("# Of Prop", "numberOfProperties", WEA, "integer"),
  F("Real Estate Trust", "realEstateTrust", WEA, "flag"),
  F("# of ST w/Prop", "statesWithProperty", WEA, "integer"),
  F("Zestimate Total", "zestimateTotal", WEA, "money"),
  F("Zestimate Count", "zestimateCount", WEA, "integer"),
  F("LN Total", "lnTotal", WEA, "money"),
  F("LN Count", "lnCount", WEA, "integer"),
  F("SEC Stock Value", "secStockValue", WEA, "money"),
  F("SEC Stock or Insider", "secStockOrInsider", WEA, "flag"),
  F("Market Guide", "marketGuide", WEA, "flag"),
  F("Market Guide Comp", "marketGuideComp", WEA, "money"),
  F("Market Guide Options", "marketGuideOptions", WEA, "money"),
  F("Business Revenue", "businessRevenue", WEA, "money"),
  F("Business Affiliation", "businessAffiliation", WEA, "flag"),
  F("Pension Admin", "pensionAdmin", WEA, "flag"),
  F("Pension Assets", "pensionAssets", WEA, "money"),
  F("Average Home Value", "averageHomeValue", WEA, "money"),
  F("Median Household Income", "medianHouseholdIncome", WEA, "money"),
  F("Shale Wealth", "shaleWealth", WEA, "integer"),
  F("MBT Net Worth", "mbtNetWorth", WEA, "text"),
  F("MBT Income Estimate", "mbtIncomeEstimate", WEA, "text"),
  F("MBT Highest Asset", "mbtHighestAsset", WEA, "text"),
  // Political Giving
  F("Political Likely Count", "politicalLikelyCount", POL, "integer"),
  F("Political Likely Total", "politicalLikelyTotal", POL, "money"),
  F("Maybe Total", "politicalMaybeTotal", POL, "money"),
  F("Republican Gift Count", "republicanGiftCount", POL, "integer"),
  F("Republican Gift Total", "republicanGiftTotal", POL, "money"),
  F("Democratic Gift Count", "democraticGiftCount", POL, "integer"),
  F("Democratic Gift Amount", "democraticGiftAmount", POL, "money"),
  F("Other Political Count", "otherPoliticalCount", POL, "integer"),
  F("Other Political Total", "otherPoliticalTotal", POL, "money"),
  // Additional Data & Custom Fields
  F("Profile", "profile", ADD, "text"),
  F("Client ID", "clientId", ADD, "text", true),
  F("SP-First", "spouseFirstName", ADD, "text"),
  F("SP-Middle", "spouseMiddleName", ADD, "text"),
  F("SP-Last", "spouseLastName", ADD, "text"),
  F("Notes", "notes", ADD, "text", true),
  F("Date Searched", "dateSearched", ADD, "date"),
  F("Assessed", "assessed", ADD, "flag"),
  F("Assessment Questions", "assessmentQuestions", ADD, "text"),
  F("Foundation", "foundation", ADD, "flag"),
  F("Fnd Assets", "foundationAssets", ADD, "money"),
  F("NonProfit", "nonProfit", ADD, "flag"),
  F("IRS 990PF", "irs990pf", ADD, "flag"),
  F("IRS PUB78", "irsPub78", ADD, "flag"),
  F("PGID", "pgid", ADD, "integer"),
  F("Vip Match", "vipMatch", ADD, "flag"),
  F("Inner Circle", "innerCircle", ADD, "integer"),
  F("Corp Tech", "corpTech", ADD, "flag"),
  F("FAA Pilots", "faaPilots", ADD, "flag"),
  F("Airplane Owner", "airplaneOwner", ADD, "flag"),
  F("Boat Owner", "boatOwner", ADD, "flag"),
  F("Whos Who", "whosWho", ADD, "flag"),
  F("Higher Education Count", "higherEducationCount", ADD, "integer"),
  F("Higher Education Total", "higherEducationTotal", ADD, "money"),
  F("Education Gift Count", "educationGiftCount", ADD, "integer"),
  F("Education Gift Amount", "educationGiftAmount", ADD, "money"),
  F("Philanthropy and Grantmaking Count", "philanthropyCount", ADD, "integer"),
  F("Philanthropy and Grantmaking Total", "philanthropyTotal", ADD, "money"),
  F("Healthcare Count", "healthcareCount", ADD, "integer"),
  F("Healthcare Total", "healthcareTotal", ADD, "money"),
  F("Arts Gift Count", "artsGiftCount", ADD, "integer"),
  F("Arts Gift Amount", "artsGiftAmount", ADD, "money"),
  F("Religion Count", "religionCount", ADD, "integer"),
  F("Religion Total", "religionTotal", ADD, "money"),
  F("Society Benefit Count", "societyBenefitCount", ADD, "integer"),
  F("Society Benefit Total", "societyBenefitTotal", ADD, "money"),
  ...Array.from({ length: 20 }, (_, i) => F(`User${i + 1}`, `user${i + 1}`, ADD, "text")),
  // Issue 15, Contact reports: from the donor's contact reports (donors.last_contact_date, kept by the server;
  // docs/decisions/045-last-contact-column.md). Days Since Contact counts whole days to today (UTC).
  F("Last Contact", "lastContactDate", GIV, "date", true, {
    derived: true,
    filter: { kind: "dateRange", order: 2, min: "minLastContactDate", max: "maxLastContactDate" },
    export: exported(15),
  }),
  F("Days Since Contact", "daysSinceContact", GIV, "integer", false, {
    derived: true,
    filter: {
      kind: "range",
      order: 9,
      min: "minDaysSinceContact",
      max: "maxDaysSinceContact",
      unit: "whole",
      decimals: 0,
    },
    export: exported(16),
  }),
];

export const DONOR_FIELDS: readonly DonorField[] = FIELDS;

type CatalogueEntry = (typeof FIELDS)[number];
/** The catalogue's filter specs with their literal keys (DonorFilterSettings is typed from them). */
export type DonorFilterSpec = Extract<CatalogueEntry, { filter: DonorFieldFilter }>["filter"];
/** The keys of the exported fields. */
export type DonorExportFieldKey = Extract<CatalogueEntry, { export: DonorFieldExport }>["key"];

/**
 * Notes is the donor's rich-text field (HTML, edited in the Donor Notes editor). The import
 * fills it from the export's "Notes" column; display sections leave it out (the editor shows it).
 */
export const DONOR_NOTES_KEY = "notes";

export const DONOR_FIELD_BY_KEY: ReadonlyMap<string, DonorField> = new Map(DONOR_FIELDS.map((f) => [f.key, f]));

/** Header matching ignores case, surrounding spaces, a byte-order mark and repeated inner spaces. */
export const normalizeHeader = (header: string): string =>
  header
    .replace(/^\uFEFF/, "")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();

/** The fields a CSV import fills (every field but the derived ones). */
export const IMPORTED_DONOR_FIELDS: readonly DonorField[] = DONOR_FIELDS.filter((f) => !f.derived);

const BY_HEADER: ReadonlyMap<string, DonorField> = new Map(
  IMPORTED_DONOR_FIELDS.map((f) => [normalizeHeader(f.label), f]),
);

/** The catalogue field for a CSV header, or undefined for an unknown column (kept in `extra`). */
export const fieldForHeader = (header: string): DonorField | undefined => BY_HEADER.get(normalizeHeader(header));

/** Fields of one display section, in catalogue order (Notes excluded: the editor shows it). */
export const fieldsOfSection = (section: DonorSection): DonorField[] =>
  DONOR_FIELDS.filter((f) => f.section === section && f.key !== DONOR_NOTES_KEY && !f.derived);

// ---------------------------------------------------------------- parsing

export type ParseResult = { ok: true; value: DonorFieldValue } | { ok: false; problem: string };
const ok = (value: DonorFieldValue): ParseResult => ({ ok: true, value });
const bad = (problem: string): ParseResult => ({ ok: false, problem });
/** Shared by every empty cell (an import parses millions of cells): callers never modify a result. */
const OK_EMPTY: ParseResult = Object.freeze({ ok: true, value: null });

const NA_RE = /^n\/a$/i;
/** A trimmed cell that counts as empty: "" or N/A in any case. */
const isEmptyTrimmed = (t: string) => t === "" || (t.length === 3 && NA_RE.test(t));

/** Blank, whitespace-only and "N/A" (any case) cells are empty. */
export const isEmptyCell = (raw: string | null | undefined): boolean =>
  raw === null || raw === undefined || isEmptyTrimmed(raw.trim());

const PARENS_RE = /^\(.*\)$/;
/** 10^0 … 10^15, each exact. */
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
const isDigit = (c: number) => c >= 48 && c <= 57;
/** Whether t[from, to) is one or more ASCII digits. */
const isDigits = (t: string, from: number, to: number) => {
  if (from >= to) return false;
  for (let i = from; i < to; i++) if (!isDigit(t.charCodeAt(i))) return false;
  return true;
};
/** The number t[from, to) writes, when isDigits said it is digits. */
const digitsValue = (t: string, from: number, to: number) => {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + (t.charCodeAt(i) - 48);
  return n;
};

/**
 * The number `t` (from index `from`) writes when it has the form ^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$ or
 * ^\.\d+$ (digits with optional thousands separators and decimals), else NaN. A character scan rather
 * than a regular expression and a comma-free copy: an import parses some 35 amounts per row. With at
 * most 15 digits the digits and the power of ten are exact, so their one division is the double
 * nearest the decimal, as Number(text) gives; longer ones go through Number.
 */
function amountOf(t: string, from: number): number {
  const end = t.length;
  let i = from;
  let m = 0;
  while (i < end && isDigit(t.charCodeAt(i))) m = m * 10 + (t.charCodeAt(i++) - 48);
  const lead = i - from;
  let digits = lead;
  let commas = false;
  if (i < end && t.charCodeAt(i) === 44 /* , */) {
    if (lead > 3 || lead < 1) return NaN;
    commas = true;
    while (i < end && t.charCodeAt(i) === 44) {
      if (i + 4 > end) return NaN;
      for (let k = i + 1; k <= i + 3; k++) {
        const c = t.charCodeAt(k);
        if (!isDigit(c)) return NaN;
        m = m * 10 + (c - 48);
      }
      digits += 3;
      i += 4;
    }
  }
  let decimals = 0;
  if (i < end && t.charCodeAt(i) === 46 /* . */) {
    const start = ++i;
    while (i < end && isDigit(t.charCodeAt(i))) m = m * 10 + (t.charCodeAt(i++) - 48);
    decimals = i - start;
    if (decimals === 0) return NaN;
    digits += decimals;
  } else if (lead === 0) return NaN;
  if (i !== end) return NaN;
  if (digits <= 15) return decimals ? m / POW10[decimals]! : m;
  const text = from ? t.slice(from) : t;
  return Number(commas ? text.replace(/,/g, "") : text);
}

/** "$1,234", "1234", "1,234.50", "-$5", "($5.00)" → number of dollars. */
export function parseMoney(raw: string): ParseResult {
  const trimmed = raw.trim();
  if (isEmptyTrimmed(trimmed)) return OK_EMPTY;
  let t = trimmed;
  let negative = false;
  if (t.startsWith("(") && PARENS_RE.test(t)) {
    negative = true;
    t = t.slice(1, -1).trim();
  }
  if (t.startsWith("-")) {
    negative = !negative;
    t = t.slice(1).trim();
  }
  let from = 0;
  if (t.startsWith("$")) {
    // "$5" is read in place; "$ 5" is trimmed first.
    const next = t.charCodeAt(1);
    if (isDigit(next) || next === 46) from = 1;
    else t = t.slice(1).trim();
  }
  const n = amountOf(t, from);
  if (!Number.isFinite(n) || n >= 1e12) return bad(`"${trimmed}" is not an amount of money`);
  return ok(Math.round((negative ? -n : n) * 100) / 100);
}

const NUMBER_RE = /^-?(\d+(\.\d+)?|\.\d+)$/;
/** A decimal number such as "4.5" or "1,200.5". */
export function parseNumber(raw: string): ParseResult {
  const trimmed = raw.trim();
  if (isEmptyTrimmed(trimmed)) return OK_EMPTY;
  const t = trimmed.includes(",") ? trimmed.replace(/,/g, "") : trimmed;
  if (!NUMBER_RE.test(t)) return bad(`"${trimmed}" is not a number`);
  return ok(Number(t));
}

const INTEGER_RE = /^-?\d+$/;
/** A whole number such as "42" or "1,200". */
export function parseInteger(raw: string): ParseResult {
  const trimmed = raw.trim();
  if (isEmptyTrimmed(trimmed)) return OK_EMPTY;
  // Up to nine plain digits (most cells): within range whatever they are.
  if (trimmed.length <= 9 && isDigits(trimmed, 0, trimmed.length)) return ok(Number(trimmed));
  const t = trimmed.includes(",") ? trimmed.replace(/,/g, "") : trimmed;
  if (!INTEGER_RE.test(t) || Math.abs(Number(t)) > 2_147_483_647) return bad(`"${trimmed}" is not a whole number`);
  return ok(Number(t));
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** A day of the Gregorian calendar between the years 1000 and 9999. */
const isRealDate = (y: number, m: number, d: number) => {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1]!);
};

const US_DATE_RE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_DATE_RE = /^(\d{4})-(\d{2})-(\d{2})([T ][\d:.]+Z?)?$/;
type Span = readonly [from: number, to: number];
/** The ten-character forms parseDate reads by position: separator, its places, year, month and day. */
const FULL_DATES: readonly { sep: number; seps: Span; parts: readonly [Span, Span, Span] }[] = [
  // MM/DD/YYYY
  {
    sep: 47,
    seps: [2, 5],
    parts: [
      [6, 10],
      [0, 2],
      [3, 5],
    ],
  },
  // YYYY-MM-DD
  {
    sep: 45,
    seps: [4, 7],
    parts: [
      [0, 4],
      [5, 7],
      [8, 10],
    ],
  },
];
/** MM/DD/YYYY (also M/D/YYYY) or ISO YYYY-MM-DD (a time part is ignored) → "YYYY-MM-DD". */
export function parseDate(raw: string): ParseResult {
  const t = raw.trim();
  if (isEmptyTrimmed(t)) return OK_EMPTY;
  // MM/DD/YYYY and YYYY-MM-DD in full (most cells) without a regular expression; the same checks.
  if (t.length === 10) {
    for (const f of FULL_DATES) {
      if (t.charCodeAt(f.seps[0]) !== f.sep || t.charCodeAt(f.seps[1]) !== f.sep) continue;
      const [y, mo, d] = f.parts;
      if (!isDigits(t, y[0], y[1]) || !isDigits(t, mo[0], mo[1]) || !isDigits(t, d[0], d[1])) continue;
      return isRealDate(digitsValue(t, y[0], y[1]), digitsValue(t, mo[0], mo[1]), digitsValue(t, d[0], d[1]))
        ? ok(`${t.slice(y[0], y[1])}-${t.slice(mo[0], mo[1])}-${t.slice(d[0], d[1])}`)
        : bad(`"${t}" is not a valid date`);
    }
  }
  let m = US_DATE_RE.exec(t);
  if (m) {
    const [mo, d, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return isRealDate(y, mo, d) ? ok(`${y}-${pad2(mo)}-${pad2(d)}`) : bad(`"${t}" is not a valid date`);
  }
  m = ISO_DATE_RE.exec(t);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return isRealDate(y, mo, d) ? ok(`${y}-${pad2(mo)}-${pad2(d)}`) : bad(`"${t}" is not a valid date`);
  }
  return bad(`"${t}" is not a date (use MM/DD/YYYY or YYYY-MM-DD)`);
}

const YES = ok("Yes");
const NO = ok("No");
const MAYBE = ok("Maybe");
/** Yes/No/Maybe in any case (also Y/N, True/False) → "Yes" | "No" | "Maybe". */
export function parseFlag(raw: string): ParseResult {
  const trimmed = raw.trim();
  if (isEmptyTrimmed(trimmed)) return OK_EMPTY;
  const t = trimmed.toLowerCase();
  if (t === "yes" || t === "y" || t === "true") return YES;
  if (t === "no" || t === "n" || t === "false") return NO;
  if (t === "maybe") return MAYBE;
  return bad(`"${trimmed}" is not Yes, No or Maybe`);
}

/** Text: trimmed; empty or N/A → null. */
export function parseText(raw: string): ParseResult {
  const t = raw.trim();
  return isEmptyTrimmed(t) ? OK_EMPTY : ok(t);
}

/** Ratings such as "DS1-1": trimmed, upper case. */
export function parseRating(raw: string): ParseResult {
  const t = raw.trim();
  return isEmptyTrimmed(t) ? OK_EMPTY : ok(t.toUpperCase());
}

const PARSERS: Record<DonorFieldType, (raw: string) => ParseResult> = {
  text: parseText,
  money: parseMoney,
  number: parseNumber,
  integer: parseInteger,
  date: parseDate,
  flag: parseFlag,
  rating: parseRating,
};

/**
 * The cell parser of one catalogue field: its type's parser, and the field's usual bounds (Quality
 * Score 0–10, Age 0–120) refusing other values (docs/RULES.md, Donor filters). The import builds one
 * per column and calls it for every cell of that column.
 */
export function donorCellParser(field: DonorField): (raw: string) => ParseResult {
  const parse = PARSERS[field.type] ?? parseText;
  const range = field.filter?.kind === "range" ? field.filter.bounds : undefined;
  if (!range) return parse;
  const [min, max] = range;
  const problem = `${field.label} must be between ${min} and ${max}`;
  return (raw) => {
    const r = parse(raw);
    return r.ok && typeof r.value === "number" && (r.value < min || r.value > max) ? bad(problem) : r;
  };
}

/** Parses one cell for a catalogue field: the value, or a problem to report. */
export function parseDonorCell(field: DonorField, raw: string): ParseResult {
  return donorCellParser(field)(raw);
}

// ---------------------------------------------------------------- display

/** How a field's value is shown in the donor record: N/A when empty. */
export function formatDonorValue(field: DonorField, value: DonorFieldValue | undefined): string {
  if (value === null || value === undefined || value === "") return EMPTY_VALUE;
  if (field.type === "money") return formatMoney(typeof value === "number" ? value : Number(value));
  // The one date format of every screen ("Mar 5, 2019"); a value that is not a calendar date is shown as stored.
  if (field.type === "date" && typeof value === "string")
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : value;
  return String(value);
}

/**
 * One side of a change in a donor's change history: a catalogue field's value as the record shows it
 * ("$387,500", "Mar 5, 2019"), anything else (an unknown column, the relationship manager) as stored.
 * Long values are cut at 120 characters.
 */
export function formatChangeValue(fieldKey: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return EMPTY_VALUE;
  const field = DONOR_FIELD_BY_KEY.get(fieldKey);
  const s =
    field && (typeof value === "string" || typeof value === "number")
      ? formatDonorValue(field, value)
      : typeof value === "string"
        ? value
        : JSON.stringify(value);
  return clipText(s, 121);
}
