import {
  clipText,
  DONOR_FIELDS,
  DONOR_MESSAGES,
  IMPORTED_DONOR_FIELDS,
  donorCellParser,
  fieldForHeader,
  formatNumber,
  normalizeHeader,
  RELATIONSHIP_MANAGER_HEADERS,
  relationshipManagerImportProblem,
  type DonorField,
  type DonorFieldValue,
  type ImportProblem,
  type ParseResult,
  isEmptyCell,
} from "@cultivate/shared";
import { getTableColumns } from "drizzle-orm";
import { donors } from "../../db/schema.ts";

/** Catalogue fields stored as typed columns (their key is the Drizzle property name). */
export const COLUMN_FIELDS = IMPORTED_DONOR_FIELDS.filter((f) => f.column);
export const EXTRA_FIELDS = IMPORTED_DONOR_FIELDS.filter((f) => !f.column);
/**
 * Issue 15, Portfolios: the import's optional Relationship Manager column (a user's email) is read as this
 * typed column, the user's id; it is not a field of the catalogue (docs/RULES.md, Portfolios).
 */
export const RELATIONSHIP_MANAGER_KEY = "relationshipManagerId";
const RELATIONSHIP_MANAGER_FIELD: DonorField = {
  label: RELATIONSHIP_MANAGER_HEADERS[0],
  key: RELATIONSHIP_MANAGER_KEY,
  section: "Additional Data & Custom Fields",
  type: "text",
  column: true,
};
const RELATIONSHIP_MANAGER_HEADER_SET = new Set<string>(RELATIONSHIP_MANAGER_HEADERS.map(normalizeHeader));
const COLUMN_KEYS = new Set([...COLUMN_FIELDS.map((f) => f.key), RELATIONSHIP_MANAGER_KEY]);
export const isColumnKey = (key: string) => COLUMN_KEYS.has(key);

type PlanColumn = { kind: "field"; field: DonorField; header: string } | { kind: "unknown"; header: string };

/** What parseRow does with each cell of a column, worked out once per file (parseRow runs per cell). */
type CellRule = {
  header: string;
  /** The catalogue key, or null for an unknown column (kept by header). */
  key: string | null;
  limit: number;
  parse: ((raw: string) => ParseResult) | null;
  /** The largest value the column's numeric type holds, when it has one. */
  largest: number | undefined;
};

export type HeaderPlan = {
  headers: string[];
  /** Per column index: the catalogue field, or the header under which an unknown column is kept. */
  columns: PlanColumn[];
  /** The column index of each catalogue key present (a key has at most one column). */
  columnOf: ReadonlyMap<string, number>;
  rules: CellRule[];
};

/** Emails (lower case) of the users the Relationship Manager column may name → their ids (import/managers.ts). */
export type ManagersByEmail = Readonly<Record<string, string>>;

/** The Relationship Manager column's cell: an eligible user's email → their id; anyone else is the row's problem. */
const managerParser =
  (managers: ManagersByEmail) =>
  (raw: string): ParseResult => {
    const email = raw.trim();
    if (isEmptyCell(email)) return { ok: true, value: null };
    const id = Object.hasOwn(managers, email.toLowerCase()) ? managers[email.toLowerCase()] : undefined;
    return id ? { ok: true, value: id } : { ok: false, problem: relationshipManagerImportProblem(email) };
  };

/**
 * Maps the header row to catalogue fields (case and surrounding spaces ignored); unknown headers are kept by name.
 * `managers` resolves the Relationship Manager column (without it, every name in that column is a problem).
 */
export function planHeaders(headerRow: string[], managers: ManagersByEmail = {}): HeaderPlan {
  const seen = new Set<string>();
  // Headers become report columns and keys of `extra.unknown`: clean and bounded like cells.
  const headers = headerRow.map((h) =>
    cleanCell(h)
      .text.replace(/^\uFEFF/, "")
      .trim()
      .slice(0, 200),
  );
  const columns = headers.map((header, i) => {
    const field =
      fieldForHeader(header) ??
      (RELATIONSHIP_MANAGER_HEADER_SET.has(normalizeHeader(header)) ? RELATIONSHIP_MANAGER_FIELD : undefined);
    if (field && !seen.has(field.key)) {
      seen.add(field.key);
      return { kind: "field" as const, field, header };
    }
    let name = header || `Column ${i + 1}`;
    while (seen.has(`unknown:${name}`)) name = `${name} (${i + 1})`;
    seen.add(`unknown:${name}`);
    return { kind: "unknown" as const, header: name };
  });
  const rules = columns.map((col): CellRule =>
    col.kind === "unknown"
      ? { header: col.header, key: null, limit: cellLimit(col), parse: null, largest: undefined }
      : {
          header: col.header,
          key: col.field.key,
          limit: cellLimit(col),
          parse: col.field === RELATIONSHIP_MANAGER_FIELD ? managerParser(managers) : donorCellParser(col.field),
          largest: NUMERIC_LIMITS.get(col.field.key)?.largest,
        },
  );
  const columnOf = new Map<string, number>();
  rules.forEach((r, i) => {
    if (r.key !== null) columnOf.set(r.key, i);
  });
  return { headers, columns, columnOf, rules };
}

export const planHasName = (plan: HeaderPlan) => plan.columnOf.has("firstName") || plan.columnOf.has("lastName");

/**
 * One parsed row by column (parseCells): each catalogue column's value (undefined when the cell is empty
 * or unparsable), unknown columns by header, raw text of unparsable cells.
 */
export type ParsedCells = {
  row: number;
  /** Per column index of the file: the catalogue field's value; undefined for empty, invalid and unknown cells. */
  byColumn: (DonorFieldValue | undefined)[];
  unknown: Record<string, string>;
  invalid: Record<string, string>;
  problems: ImportProblem[];
  skip: boolean;
};

/** One parsed row with its values by catalogue key as well (only non-empty cells, in column order). */
export type ParsedRow = ParsedCells & { values: Record<string, DonorFieldValue> };

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The longest cell the import accepts, in characters. Names, email, zip, Client ID and DS Rating are
 * indexed (a btree entry must stay under ~2.7 KB, 4 bytes a character at worst); other text is not,
 * but a 10 MB "name" is a broken file, not a donor. A longer cell rejects its row (see parseRow).
 */
const CELL_LIMITS: Record<string, number> = {
  firstName: 200,
  lastName: 200,
  middleName: 200,
  prefix: 200,
  suffix: 200,
  zip: 200,
  clientId: 200,
  dsRating: 100,
  email: 254,
  [RELATIONSHIP_MANAGER_KEY]: 254,
  phoneNumber: 200,
  city: 200,
  state: 200,
  firstDateRange: 200,
  address: 1000,
  address2: 1000,
  notes: 100_000,
};
/** Numbers, dates, flags and ratings: nothing valid is longer. */
const VALUE_CELL_LIMIT = 100;
/** Any other text field, and unknown columns. */
const TEXT_CELL_LIMIT = 10_000;
export const cellLimit = (col: HeaderPlan["columns"][number]) =>
  col.kind === "unknown"
    ? TEXT_CELL_LIMIT
    : (CELL_LIMITS[col.field.key] ?? (col.field.type === "text" ? TEXT_CELL_LIMIT : VALUE_CELL_LIMIT));

/** Problem texts quote cells and headers: both are bounded so a report stays small. */
const MAX_PROBLEM_CHARS = 300;
const MAX_COLUMN_CHARS = 100;
const problemOf = (row: number, column: string, problem: string): ImportProblem => ({
  row,
  column: clipText(column, MAX_COLUMN_CHARS),
  problem: clipText(problem, MAX_PROBLEM_CHARS),
});

/**
 * The largest magnitude a typed numeric column holds (numeric(p, s) → (10^p − 1) / 10^s), read from the schema so
 * the check cannot drift from the table. Integers are bounded by the parser (±2,147,483,647).
 */
const TABLE_COLUMNS = getTableColumns(donors) as Record<string, { getSQLType(): string }>;
const NUMERIC_LIMITS = new Map<string, { largest: number }>();
for (const f of DONOR_FIELDS) {
  const m = f.column ? /^numeric\((\d+),\s*(\d+)\)$/.exec(TABLE_COLUMNS[f.key]?.getSQLType() ?? "") : null;
  // (10^p − 1) / 10^s: both exact integers, so the quotient is the same float as the decimal literal.
  if (m) NUMERIC_LIMITS.set(f.key, { largest: (10 ** Number(m[1]) - 1) / 10 ** Number(m[2]) });
}

const NUL_RE = /\u0000/g;
/** ES2024 string methods (Node 20 has them; the project's TypeScript lib predates them). */
export type WellFormed = { isWellFormed(): boolean; toWellFormed(): string };
/**
 * Text PostgreSQL cannot store: NUL characters are removed, lone surrogates (never produced by the
 * UTF-8 decoder, but cheap to rule out) become U+FFFD. Returns the clean text and what was done.
 */
export function cleanCell(raw: string): { text: string; problem: string | null } {
  let text = raw;
  let problem: string | null = null;
  if (text.includes("\u0000")) {
    text = text.replace(NUL_RE, "");
    problem = "The cell contained NUL characters; they were removed.";
  }
  if (!(text as unknown as WellFormed).isWellFormed()) {
    text = (text as unknown as WellFormed).toWellFormed();
    problem = "The cell contained invalid characters; they were replaced with \uFFFD.";
  }
  return { text, problem };
}

/**
 * Parses one record of the file by column. The fresh import's worker writes new donors straight from
 * `byColumn` (insert-text.ts, rowWriter): an object of a hundred keys per row cost it more than parsing
 * the cells (docs/PERFORMANCE.md). parseRow adds the values by key.
 */
export function parseCells(plan: HeaderPlan, cells: string[], row: number): ParsedCells {
  const byColumn: (DonorFieldValue | undefined)[] = new Array<DonorFieldValue | undefined>(plan.rules.length);
  const unknown: Record<string, string> = {};
  const invalid: Record<string, string> = {};
  const problems: ImportProblem[] = [];
  const rules = plan.rules;
  if (cells.length !== rules.length) {
    problems.push(
      problemOf(
        row,
        "",
        `The row has ${cells.length} cells but the header has ${rules.length} columns${cells.length > rules.length ? "; the extra cells were ignored" : ""}.`,
      ),
    );
  }
  let tooLong = false;
  // A plain loop over precompiled rules: this runs for every cell of the file (12.5M for 100k × 125).
  for (let i = 0; i < rules.length; i++) {
    let raw = cells[i];
    if (raw === undefined || raw === "") continue;
    const col = rules[i]!;
    if (raw.length > col.limit) {
      // Not parsed and not kept (not even raw in `invalid`): the whole row is left out.
      problems.push(
        problemOf(
          row,
          col.header,
          `${clipText(col.header, MAX_COLUMN_CHARS)} is longer than ${formatNumber(col.limit)} characters; the row was not imported.`,
        ),
      );
      tooLong = true;
      continue;
    }
    if (raw.includes("\u0000") || !(raw as unknown as WellFormed).isWellFormed()) {
      const cleaned = cleanCell(raw);
      problems.push(problemOf(row, col.header, cleaned.problem!));
      raw = cleaned.text;
    }
    if (col.key === null) {
      const t = raw.trim();
      if (t !== "") unknown[col.header] = t;
      continue;
    }
    const r = col.parse!(raw);
    if (!r.ok && col.key === RELATIONSHIP_MANAGER_KEY) {
      // One sentence of its own; the row is imported without a manager (nothing kept as invalid).
      problems.push(problemOf(row, col.header, r.problem));
    } else if (!r.ok) {
      problems.push(problemOf(row, col.header, `${r.problem}; the field was left empty.`));
      invalid[col.key] = raw.trim();
    } else if (r.value !== null) {
      // Above the largest stored value (e.g. 999,999.99 for numeric(8, 2)): PostgreSQL rounds to the scale
      // and would overflow; values between that and the rounding point are refused too (not worth a float edge).
      if (col.largest !== undefined && typeof r.value === "number" && Math.abs(r.value) > col.largest) {
        problems.push(
          problemOf(
            row,
            col.header,
            `"${clipText(raw.trim(), 40)}" is too large for ${col.header}; the field was left empty.`,
          ),
        );
        invalid[col.key] = raw.trim();
      } else byColumn[i] = r.value;
    }
  }
  if (tooLong) return { row, byColumn: [], unknown: {}, invalid: {}, problems, skip: true };
  const emailAt = plan.columnOf.get("email");
  const email = valueAt(plan, byColumn, "email");
  if (typeof email === "string") {
    const lower = email.toLowerCase();
    byColumn[emailAt!] = lower;
    if (!EMAIL_RE.test(lower))
      problems.push(problemOf(row, columnHeader(plan, "email"), `"${lower}" is not a valid email address.`));
  }
  const skip = !valueAt(plan, byColumn, "firstName") && !valueAt(plan, byColumn, "lastName");
  if (skip) problems.push(problemOf(row, "", "The row has no First Name and no Last Name; it was not imported."));
  return { row, byColumn, unknown, invalid, problems, skip };
}

/** The value of catalogue field `key` in a row read by column (undefined when the file has no such column). */
const valueAt = (plan: HeaderPlan, byColumn: readonly (DonorFieldValue | undefined)[], key: string) => {
  const i = plan.columnOf.get(key);
  return i === undefined ? undefined : byColumn[i];
};

/** A row's values by catalogue key: all of them, in column order, or only those of `keys` that it has. */
export function valuesOf(
  plan: HeaderPlan,
  byColumn: readonly (DonorFieldValue | undefined)[],
  keys?: readonly string[],
): Record<string, DonorFieldValue> {
  const values: Record<string, DonorFieldValue> = {};
  if (keys) {
    for (const k of keys) {
      const v = valueAt(plan, byColumn, k);
      if (v !== undefined) values[k] = v;
    }
    return values;
  }
  const rules = plan.rules;
  for (let i = 0; i < rules.length; i++) {
    const k = rules[i]!.key;
    const v = byColumn[i];
    if (k !== null && v !== undefined) values[k] = v;
  }
  return values;
}

/** parseCells with the row's values by catalogue key (matching and updates work by key). */
export function parseRow(plan: HeaderPlan, cells: string[], row: number): ParsedRow {
  const r = parseCells(plan, cells, row);
  return { ...r, values: valuesOf(plan, r.byColumn) };
}

const columnHeader = (plan: HeaderPlan, key: string) => {
  const i = plan.columnOf.get(key);
  return i === undefined ? key : plan.columns[i]!.header;
};

/** Plain text from the export's Notes column → the HTML the notes editor stores. */
export const textToHtml = (text: string) =>
  `<p>${text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\r?\n/g, "<br>")}</p>`;

export { DONOR_MESSAGES };
