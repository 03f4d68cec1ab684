import { getTableColumns, getTableName } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DonorFieldValue } from "@cultivate/shared";
import { donors, type DonorExtra } from "../../../db/schema.ts";
import { newDonorId } from "./donor-ids.ts";
import { extraCodeOf } from "../extra.ts";
import { COLUMN_FIELDS, RELATIONSHIP_MANAGER_KEY, textToHtml, type ParsedCells } from "../rows.ts";

/**
 * New donors as the text the database reads in one statement: COPY's text format on PostgreSQL, a JSON
 * array for json_to_recordset on PGlite (ADR 038). Built in the import's worker thread for chunks that
 * only insert (worker.ts), and on the main thread for the inserts of a chunk that was matched.
 */

/** The donors columns an import writes, with their SQL names and types (COPY's column order, json_to_recordset's types). */
const TABLE_COLUMNS = getTableColumns(donors) as Record<string, AnyPgColumn>;
const INSERT_COLUMNS = [
  "id",
  "organizationId",
  "createdByImportId",
  "extra",
  ...COLUMN_FIELDS.map((f) => f.key),
  RELATIONSHIP_MANAGER_KEY,
].map((key) => ({ key, name: TABLE_COLUMNS[key]!.name, type: TABLE_COLUMNS[key]!.getSQLType() }));
const quoteIdent = (n: string) => `"${n.replace(/"/g, '""')}"`;
export const INSERT_NAMES = INSERT_COLUMNS.map((c) => quoteIdent(c.name)).join(", ");
export const INSERT_TYPES = INSERT_COLUMNS.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(", ");
/** The typed columns of a new donor, in INSERT_COLUMNS order after the first four. */
const VALUE_COLUMNS = INSERT_COLUMNS.slice(4).map((c) => ({ ...c, jsonKey: JSON.stringify(c.name) }));
export const COPY_TARGET = `${quoteIdent(getTableName(donors))} (${INSERT_NAMES})`;
/**
 * A chunk's updates of matched donors as one statement over insertRecord's JSON form (chunk-sql.ts):
 * every column an import writes but the id, the organisation and the batch, from json_to_recordset's `x`.
 */
const UPDATE_COLUMNS = INSERT_COLUMNS.filter((c) => !["id", "organizationId", "createdByImportId"].includes(c.key));
export const UPDATE_SET = UPDATE_COLUMNS.map((c) => `${quoteIdent(c.name)} = x.${quoteIdent(c.name)}`).join(", ");
export const UPDATE_TYPES = `"id" uuid, ${UPDATE_COLUMNS.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(", ")}`;

/** How a chunk's new donors are written: COPY text (PostgreSQL) or one JSON document (PGlite). */
export type InsertFormat = "copy" | "json";

type Flat = Record<string, DonorFieldValue | undefined>;

/** COPY's text format: backslash, tab and line ends escaped; \N is NULL. */
const COPY_SPECIAL_RE = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const copyText = (s: string) => (COPY_SPECIAL_RE.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : s);
const copyValue = (v: DonorFieldValue | undefined) =>
  v === null || v === undefined ? "\\N" : typeof v === "number" ? String(v) : copyText(v);

/**
 * One new donor in `format`, without a separator: its id (donor-ids.ts), its catalogue values, its `extra`
 * and its notes as stored (HTML; by default the values' own notes).
 */
export function insertRecord(
  format: InsertFormat,
  organizationId: string,
  batchId: string,
  fields: Flat,
  extra: DonorExtra,
  notes = String(fields.notes ?? ""),
  id = newDonorId(),
): string {
  if (format === "copy") {
    let line = `${id}\t${organizationId}\t${batchId}\t${copyText(JSON.stringify(extra))}`;
    for (const c of VALUE_COLUMNS) line += `\t${c.key === "notes" ? copyText(notes) : copyValue(fields[c.key])}`;
    return `${line}\n`;
  }
  // Absent keys are NULL for json_to_recordset: empty columns are left out.
  let out = `{"id":"${id}","organization_id":"${organizationId}","created_by_import_id":"${batchId}","extra":${JSON.stringify(extra)}`;
  for (const c of VALUE_COLUMNS) {
    const v = c.key === "notes" ? notes : fields[c.key];
    if (v !== null && v !== undefined) out += `,${c.jsonKey}:${JSON.stringify(v)}`;
  }
  return `${out}}`;
}

/** What JSON.stringify escapes in a string (lone surrogates among them): anything else is written as it is. */
const JSON_ESCAPED_RE = /["\\\u0000-\u001f\ud800-\udfff]/;
/** JSON.stringify(s), without its call for the plain strings most cells are. */
const jsonString = (s: string) => (JSON_ESCAPED_RE.test(s) ? JSON.stringify(s) : `"${s}"`);

const jsonObject = (o: Record<string, string>) => {
  for (const _ in o) return JSON.stringify(o);
  return "{}";
};

/**
 * Writes parsed rows that are not skipped as the new donors they become, exactly as insertRecord
 * writes prepareChunk's inserts (a test compares them), for a file whose columns are `keys` (catalogue
 * keys, null for unknown columns). The worker runs this for every row of a fresh import, so it reads
 * the cells by column (parseCells) and writes `extra` in the file's column order, as parseRow's values
 * have it.
 */
export function rowWriter(
  format: InsertFormat,
  organizationId: string,
  batchId: string,
  keys: readonly (string | null)[],
  nextId: () => string = newDonorId,
): (r: ParsedCells) => string {
  // Each field's `"code":`, and with the comma before it for every field but the first.
  const extraKeys = keys.flatMap((key, at) => {
    const code = key === null ? undefined : extraCodeOf(key);
    return code === undefined ? [] : [{ at, first: `${JSON.stringify(code)}:`, next: `,${JSON.stringify(code)}:` }];
  });
  const notesAt = keys.indexOf("notes");
  // Each typed column's place in the file (-1: not in it).
  const valueColumns = VALUE_COLUMNS.map((c) => ({ ...c, at: keys.indexOf(c.key) }));
  return (r) => {
    const v = r.byColumn;
    let fields = "";
    for (const f of extraKeys) {
      const x = v[f.at];
      if (x === undefined || x === null) continue;
      fields += (fields ? f.next : f.first) + (typeof x === "number" ? String(x) : jsonString(x));
    }
    const extra = `{"fields":{${fields}},"unknown":${jsonObject(r.unknown)},"invalid":${jsonObject(r.invalid)}}`;
    const rawNotes = notesAt < 0 ? undefined : v[notesAt];
    const notes = typeof rawNotes === "string" ? textToHtml(rawNotes) : "";
    const id = nextId();
    if (format === "copy") {
      let line = `${id}\t${organizationId}\t${batchId}\t${copyText(extra)}`;
      for (const c of valueColumns)
        line += `\t${c.key === "notes" ? copyText(notes) : copyValue(c.at < 0 ? undefined : v[c.at])}`;
      return `${line}\n`;
    }
    let out = `{"id":"${id}","organization_id":"${organizationId}","created_by_import_id":"${batchId}","extra":${extra}`;
    for (const c of valueColumns) {
      const x = c.key === "notes" ? notes : c.at < 0 ? undefined : v[c.at];
      if (x !== null && x !== undefined) out += `,${c.jsonKey}:${JSON.stringify(x)}`;
    }
    return `${out}}`;
  };
}

/** Joins records of `format` into the statement's input. */
export const joinRecords = (format: InsertFormat, records: string[]) =>
  format === "copy" ? records.join("") : `[${records.join(",")}]`;
