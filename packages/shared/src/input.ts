import { z } from "zod";

/**
 * Input rules every route and form shares (issue 11): text the database cannot store (NUL, unpaired
 * UTF-16 surrogates), calendar dates that exist, and numbers that fit the column they are compared with.
 */

export const INPUT_MESSAGES = {
  forbiddenCharacter:
    "The request contains a character that is not allowed (a NUL character or an unpaired surrogate).",
  tooDeep: "The request body is nested too deeply.",
  invalidDate: "Please enter a real calendar date (YYYY-MM-DD).",
  invalidDateTime: "Please enter a real date and time (e.g. 2025-01-05T00:00:00Z).",
} as const;

/** How deep a JSON body may nest (objects and arrays); the app's own bodies stay under 5. */
export const MAX_JSON_DEPTH = 32;

// Without the `u` flag the pattern works on UTF-16 code units: a high surrogate not followed by a low
// one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** True when PostgreSQL could not store the text: a NUL character or an unpaired surrogate. */
export const hasForbiddenCharacters = (s: string): boolean => s.includes("\u0000") || LONE_SURROGATE.test(s);

/** The text without NUL characters, unpaired surrogates replaced by U+FFFD (for logs, never for user input). */
export const sanitizeText = (s: string): string =>
  hasForbiddenCharacters(s) ? s.replace(/\u0000/g, "").replace(LONE_SURROGATES, "\uFFFD") : s;

/** PostgreSQL `integer`. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** YYYY-MM-DD that names a day that exists (no 2024-02-30), years 0001–9999. */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const days = new Date(Date.UTC(2000, mo, 0)).getUTCDate(); // days in the month (leap year 2000)
  if (d > days) return false;
  return !(mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)));
}

/** A calendar date field: YYYY-MM-DD of a day that exists. */
export const calendarDateSchema = (message: string = INPUT_MESSAGES.invalidDate) =>
  z.string({ error: message }).refine(isCalendarDate, { error: message });

/** An ISO date-time with offset whose date exists and whose year is 0001–9999 (what PostgreSQL's timestamptz accepts). */
export const isoDateTimeSchema = (message: string = INPUT_MESSAGES.invalidDateTime) =>
  z.iso
    .datetime({ offset: true, error: message })
    .refine((s) => isCalendarDate(s.slice(0, 10)) && Number.isFinite(Date.parse(s)), { error: message });

/** An optional search or filter text of a list's query: trimmed, at most 200 characters; empty is none. */
export const optionalSearchText = () =>
  z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined));

/** A paged list's `page` query parameter: a whole number from 1 (the default) to 100,000. */
export const listPageNumber = () => z.coerce.number().int().min(1).max(100_000).default(1);
