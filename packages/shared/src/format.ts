/** What money, counts and dates show when there is no value (docs/RULES.md, Display formats). */
export const EMPTY_VALUE = "N/A";

const toNumber = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string") {
    const cleaned = value.replace(/[$,\s]/g, "");
    if (cleaned === "" || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
    return Number(cleaned);
  }
  return null;
};

// Built once: toLocaleString with options builds a formatter per call, which a page of 200 rows feels.
const WHOLE = new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/**
 * Money as the spec shows it: "$" plus a thousands-separated number, or "N/A" when zero or missing
 * (docs/RULES.md, Display formats). Whole amounts show no cents; amounts with cents keep two decimals. Accepts numbers
 * and the strings a database `numeric` or an export writes ("1234.5", "$1,234").
 */
export function formatMoney(value: unknown): string {
  const amount = toNumber(value);
  if (amount === null || amount === 0) return EMPTY_VALUE;
  const text = (Number.isInteger(amount) ? WHOLE : CENTS).format(Math.abs(amount));
  return `${amount < 0 ? "-" : ""}$${text}`;
}

/** A count or score with thousands separators; "N/A" when missing (zero is a real count). */
export function formatNumber(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return EMPTY_VALUE;
  return NUMBER.format(n);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Built once, as the number formats above: toLocaleDateString with options builds a formatter per call,
// and the donor list formats two dates a row (it showed in the filter bench's profile of a re-render,
// docs/PERFORMANCE.md). DAY and the times use the viewer's time zone, which a page keeps.
const DAY_OPTIONS: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };
const DAY = new Intl.DateTimeFormat("en-US", DAY_OPTIONS);
const DAY_UTC = new Intl.DateTimeFormat("en-US", { ...DAY_OPTIONS, timeZone: "UTC" });
const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };
const TIME = new Intl.DateTimeFormat("en-US", TIME_OPTIONS);
const TIME_SECONDS = new Intl.DateTimeFormat("en-US", { ...TIME_OPTIONS, second: "2-digit" });

/**
 * A date as every screen shows it: "Jan 5, 2025" (docs/RULES.md, Display formats); "N/A" when missing or unreadable.
 * A calendar date ("2025-01-05") is shown as that day whatever the viewer's time zone; a timestamp is
 * shown in the viewer's time zone.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return EMPTY_VALUE;
  if (typeof value === "string") {
    const m = DATE_ONLY.exec(value);
    if (m) {
      const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(m[3])) return EMPTY_VALUE;
      return DAY_UTC.format(date);
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return EMPTY_VALUE;
  return DAY.format(date);
}

/**
 * A moment with its time, in the viewer's time zone: "Nov 23, 2026, 3:04 PM" (with `seconds`, "3:04:05 PM").
 * The date part is `formatDate`'s, so every screen writes a day the same way; "N/A" when missing or unreadable.
 */
export function formatDateTime(value: string | Date | null | undefined, opts: { seconds?: boolean } = {}): string {
  if (value === null || value === undefined || value === "") return EMPTY_VALUE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return EMPTY_VALUE;
  const time = (opts.seconds ? TIME_SECONDS : TIME).format(date);
  return `${formatDate(date)}, ${time}`;
}

// One rule set for every count in a sentence ("1 donor", "2 donors"): English has one and other, and
// Intl.PluralRules says which a number takes (1.5 → other), so no screen decides it with `=== 1`.
const PLURAL = new Intl.PluralRules("en-US");

/** The word for a count: `pluralWord(1, "donor")` → "donor", `pluralWord(3, "donor")` → "donors". */
export const pluralWord = (count: number, one: string, other = `${one}s`): string =>
  PLURAL.select(count) === "one" ? one : other;

/** A count and its word, thousands separated: `plural(2995, "donor")` → "2,995 donors"; `plural(1, "person", "people")`. */
export const plural = (count: number, one: string, other = `${one}s`): string =>
  `${NUMBER.format(count)} ${pluralWord(count, one, other)}`;

const ENDS_IN_HIGH_SURROGATE = /[\uD800-\uDBFF]$/;

/**
 * Text of at most `max` characters, the last of them "…" when it was cut: for labels, log fields and
 * messages that quote a value (truncateText is the rule for text a reader can expand). Never leaves half
 * of an emoji's surrogate pair, nor a space before the "…".
 */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  if (ENDS_IN_HIGH_SURROGATE.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * `part` of `whole` as a whole percentage: "33%"; "<1%" once part is above 0 and ">99%" while it is
 * short of whole, so a share never reads as none or all when it is not; "0%" when whole is 0.
 */
export function formatShare(part: number, whole: number): string {
  if (!(whole > 0)) return "0%";
  const rate = (part / whole) * 100;
  if (rate > 0 && rate < 1) return "<1%";
  if (rate > 99 && rate < 100) return ">99%";
  return `${Math.round(rate)}%`;
}

/** docs/RULES.md, Display formats: AI output and timeline text longer than this are cut, with a Read more / Show less toggle. */
export const TEXT_TRUNCATE_AT = 100;

const LAST_SPACE = /\s\S*$/;
const TRAILING_SPACE_OR_STOP = /[\s.,;:!?\u2026\u2013\u2014-]+$/;

/**
 * At most the first 100 characters plus "..." when the text is longer; otherwise the text itself. The cut
 * goes back to the last space when it would split a word (if that keeps at least 60 of them), never
 * splits an emoji's surrogate pair, and drops spaces and punctuation before the "...", so a sentence
 * that ends at the cut reads "model..." and not "model....".
 */
export function truncateText(text: string, max = TEXT_TRUNCATE_AT): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  if (ENDS_IN_HIGH_SURROGATE.test(cut)) cut = cut.slice(0, -1);
  if (!/\s/.test(text.charAt(cut.length))) {
    const space = cut.search(LAST_SPACE);
    if (space >= max * 0.6) cut = cut.slice(0, space);
  }
  return `${cut.replace(TRAILING_SPACE_OR_STOP, "") || cut}...`;
}
