import {
  DONOR_FIELDS,
  DONOR_MESSAGES,
  fieldForHeader,
  parseDonorCell,
  type DonorField,
  type DonorFieldValue,
  type ImportProblem,
} from "@cultivate/shared";

/** Catalogue fields stored as typed columns (their key is the Drizzle property name). */
export const COLUMN_FIELDS = DONOR_FIELDS.filter((f) => f.column);
export const EXTRA_FIELDS = DONOR_FIELDS.filter((f) => !f.column);
const COLUMN_KEYS = new Set(COLUMN_FIELDS.map((f) => f.key));
export const isColumnKey = (key: string) => COLUMN_KEYS.has(key);

export type HeaderPlan = {
  headers: string[];
  /** Per column index: the catalogue field, or the header under which an unknown column is kept. */
  columns: ({ kind: "field"; field: DonorField; header: string } | { kind: "unknown"; header: string })[];
  present: Set<string>;
};

/** Maps the header row to catalogue fields (case and surrounding spaces ignored); unknown headers are kept by name. */
export function planHeaders(headerRow: string[]): HeaderPlan {
  const seen = new Set<string>();
  const present = new Set<string>();
  const headers = headerRow.map((h) => h.replace(/^\uFEFF/, "").trim());
  const columns = headers.map((header, i) => {
    const field = fieldForHeader(header);
    if (field && !seen.has(field.key)) {
      seen.add(field.key);
      present.add(field.key);
      return { kind: "field" as const, field, header };
    }
    let name = header || `Column ${i + 1}`;
    while (seen.has(`unknown:${name}`)) name = `${name} (${i + 1})`;
    seen.add(`unknown:${name}`);
    return { kind: "unknown" as const, header: name };
  });
  return { headers, columns, present };
}

export const planHasName = (plan: HeaderPlan) => plan.present.has("firstName") || plan.present.has("lastName");

/** One parsed row: values by catalogue key (only non-empty cells), unknown columns, raw text of unparsable cells. */
export type ParsedRow = {
  row: number;
  values: Record<string, DonorFieldValue>;
  unknown: Record<string, string>;
  invalid: Record<string, string>;
  problems: ImportProblem[];
  skip: boolean;
};

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseRow(plan: HeaderPlan, cells: string[], row: number): ParsedRow {
  const values: Record<string, DonorFieldValue> = {};
  const unknown: Record<string, string> = {};
  const invalid: Record<string, string> = {};
  const problems: ImportProblem[] = [];
  if (cells.length !== plan.columns.length) {
    problems.push({
      row,
      column: "",
      problem: `The row has ${cells.length} cells but the header has ${plan.columns.length} columns${cells.length > plan.columns.length ? "; the extra cells were ignored" : ""}.`,
    });
  }
  plan.columns.forEach((col, i) => {
    const raw = cells[i] ?? "";
    if (col.kind === "unknown") {
      if (raw.trim() !== "") unknown[col.header] = raw.trim();
      return;
    }
    const r = parseDonorCell(col.field, raw);
    if (!r.ok) {
      problems.push({ row, column: col.header, problem: `${r.problem}; the field was left empty.` });
      invalid[col.field.key] = raw.trim();
    } else if (r.value !== null) {
      values[col.field.key] = r.value;
    }
  });
  if (typeof values.email === "string") {
    values.email = values.email.toLowerCase();
    if (!EMAIL_RE.test(values.email)) problems.push({ row, column: columnHeader(plan, "email"), problem: `"${values.email}" is not a valid email address.` });
  }
  const skip = !values.firstName && !values.lastName;
  if (skip) problems.push({ row, column: "", problem: "The row has no First Name and no Last Name; it was not imported." });
  return { row, values, unknown, invalid, problems, skip };
}

const columnHeader = (plan: HeaderPlan, key: string) =>
  plan.columns.find((c) => c.kind === "field" && c.field.key === key)?.header ?? key;

/** Plain text from the export's Notes column → the HTML the notes editor stores. */
export const textToHtml = (text: string) =>
  `<p>${text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/\r?\n/g, "<br>")}</p>`;

export { DONOR_MESSAGES };
