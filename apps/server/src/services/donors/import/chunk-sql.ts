import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyBaseLogger } from "fastify";
import { from as copyFrom } from "pg-copy-streams";
import { and, asc, eq, getTableColumns, getTableName, gt, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { DONOR_MESSAGES, IMPORT_PROBLEMS_SHOWN, type DonorFieldValue, type ImportProblem } from "@cultivate/shared";
import type { Db, DbOrTx } from "../../../db/client.ts";
import {
  donorChanges,
  donorImportBatches,
  donorImportProblems,
  donorNameKeySql,
  donors,
  type DonorExtra,
  type DonorFieldChange,
} from "../../../db/schema.ts";
import { KeySet } from "../key-set.ts";
import { fieldsOf, type DonorRow } from "../list-sql.ts";
import { COLUMN_FIELDS, isColumnKey, textToHtml, type ParsedRow } from "../rows.ts";
import { sameValue, UNKNOWN_FIELD_PREFIX } from "./changes.ts";
import { dbErrorSummary } from "./job.ts";

/** The donors columns an import writes, with their SQL names and types (COPY's column order, json_to_recordset's types). */
const TABLE_COLUMNS = getTableColumns(donors) as Record<string, AnyPgColumn>;
const INSERT_COLUMNS = ["organizationId", "createdByImportId", "extra", ...COLUMN_FIELDS.map((f) => f.key)].map(
  (key) => ({ key, name: TABLE_COLUMNS[key]!.name, type: TABLE_COLUMNS[key]!.getSQLType() }),
);
const quoteIdent = (n: string) => `"${n.replace(/"/g, '""')}"`;
const INSERT_NAMES = INSERT_COLUMNS.map((c) => quoteIdent(c.name)).join(", ");
const INSERT_TYPES = INSERT_COLUMNS.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(", ");
/** The typed columns of a new donor, in INSERT_COLUMNS order after the first three. */
const VALUE_COLUMNS = INSERT_COLUMNS.slice(3);
const COPY_TARGET = `${quoteIdent(getTableName(donors))} (${INSERT_NAMES})`;

/** COPY's text format: backslash, tab and line ends escaped; \N is NULL. */
const COPY_SPECIAL_RE = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
const copyText = (s: string) => (COPY_SPECIAL_RE.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : s);
const copyValue = (v: DonorFieldValue | undefined) =>
  v === null || v === undefined ? "\\N" : typeof v === "number" ? String(v) : copyText(v);

type Flat = Record<string, DonorFieldValue>;
/** A donor to insert: its catalogue values (notes already HTML) and its `extra`. */
type NewDonor = { fields: Flat; extra: DonorExtra };
type Work = {
  id: string | null;
  isNew: boolean;
  original: { fields: Flat; unknown: Record<string, string> } | null;
  fields: Flat;
  unknown: Record<string, string>;
  invalid: Record<string, string>;
};

const str = (v: DonorFieldValue | undefined) => (typeof v === "string" && v !== "" ? v : null);
/** The first + last name + zip match key (lower case), or null when one of the three is missing. */
const nameKey = (f: Flat) => {
  const first = str(f.firstName);
  const last = str(f.lastName);
  const zip = str(f.zip);
  return first && last && zip ? `${last.toLowerCase()}\u0000${first.toLowerCase()}\u0000${zip}` : null;
};
/** Every match key of a set of fields (Client ID, email, name + zip), tagged by kind. */
export const matchKeys = (f: Flat): string[] => {
  const out: string[] = [];
  const c = str(f.clientId);
  const e = str(f.email)?.toLowerCase();
  const n = nameKey(f);
  if (c) out.push(`c:${c}`);
  if (e) out.push(`e:${e}`);
  if (n) out.push(`n:${n}`);
  return out;
};

/** A chunk matched and computed outside any transaction; commitChunk applies it in one. */
export type PreparedChunk = {
  rows: number;
  /** The donors to insert (written with COPY on PostgreSQL, see insertDonors). */
  inserts: NewDonor[];
  updates: { id: string; set: Record<string, unknown> }[];
  changeRows: (typeof donorChanges.$inferInsert)[];
  problems: ImportProblem[];
  counts: { inserted: number; updated: number; unchanged: number; skipped: number };
  /** Match keys of every donor the chunk inserts or updates (before and after). */
  touchedKeys: string[];
};

/** The match keys of an organisation's donors, read 5,000 at a time in id order. */
export async function keysOf(db: Db, organizationId: string): Promise<KeySet> {
  const keys = new KeySet();
  let after: string | null = null;
  for (;;) {
    const page = await db
      .select({
        id: donors.id,
        clientId: donors.clientId,
        email: donors.email,
        firstName: donors.firstName,
        lastName: donors.lastName,
        zip: donors.zip,
      })
      .from(donors)
      .where(and(eq(donors.organizationId, organizationId), after ? gt(donors.id, after) : undefined))
      .orderBy(asc(donors.id))
      .limit(5000);
    for (const d of page) for (const k of matchKeys(d)) keys.add(k);
    if (page.length < 5000) return keys;
    after = page[page.length - 1]!.id;
  }
}

/**
 * Writes one chunk in one transaction. When the database refuses it, the chunk is written again row
 * by row, each row in its own savepoint: the rows it refuses become problems in the report ("The
 * database refused a value in this row"), the others are imported, and the details go to the log.
 * An error that is not about a row (the connection is gone) fails that second transaction as well
 * and stops the import.
 */
export async function commitChunk(
  db: Db,
  log: FastifyBaseLogger,
  batchId: string,
  organizationId: string,
  userId: string | null,
  rows: ParsedRow[],
  prepared: PreparedChunk,
) {
  try {
    await db.transaction(async (tx) => {
      await applyWrites(tx, organizationId, batchId, prepared);
      await writeProgress(tx, batchId, prepared.rows, prepared.counts, prepared.problems);
    });
    return;
  } catch (err) {
    log.warn(
      { batchId, rows: [rows[0]!.row, rows[rows.length - 1]!.row], err: dbErrorSummary(err) },
      "import chunk refused; writing it row by row",
    );
  }
  await db.transaction(async (tx) => {
    const counts = { inserted: 0, updated: 0, unchanged: 0, skipped: 0 };
    const problems: ImportProblem[] = [];
    for (const r of rows) {
      if (r.skip) {
        counts.skipped++;
        problems.push(...r.problems);
        continue;
      }
      try {
        const one = await tx.transaction(async (sp) => {
          const p = await prepareChunk(sp, batchId, organizationId, userId, [r], [r]);
          await applyWrites(sp, organizationId, batchId, p);
          return p;
        });
        for (const k of ["inserted", "updated", "unchanged", "skipped"] as const) counts[k] += one.counts[k];
        problems.push(...r.problems);
      } catch (err) {
        log.warn({ batchId, row: r.row, err: dbErrorSummary(err) }, "import row refused by the database");
        counts.skipped++;
        problems.push(...r.problems, { row: r.row, column: "", problem: DONOR_MESSAGES.importRowNotSaved });
      }
    }
    await writeProgress(tx, batchId, rows.length, counts, problems);
  });
}

/**
 * Matches a chunk's rows against the organisation's donors and computes every write, outside any
 * transaction. `lookup` are the rows that may match a stored donor (the others are new).
 */
export async function prepareChunk(
  db: DbOrTx,
  batchId: string,
  organizationId: string,
  userId: string | null,
  rows: ParsedRow[],
  lookup: ParsedRow[],
): Promise<PreparedChunk> {
  // ---- existing donors that any row of this chunk may match
  const clientIds = [...new Set(lookup.map((r) => str(r.values.clientId)).filter((v): v is string => !!v))];
  const emails = [...new Set(lookup.map((r) => str(r.values.email)).filter((v): v is string => !!v))];
  // SQL lower() may only fold ASCII (C locale, as in PGlite): send both foldings of each key.
  const asciiLower = (v: string) => v.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const variants = (v: string) => [v.toLowerCase(), asciiLower(v)];
  const names = [
    ...new Set(
      lookup.flatMap((r) => {
        const first = str(r.values.firstName);
        const last = str(r.values.lastName);
        const zip = str(r.values.zip);
        return first && last && zip
          ? [`${last}|${first}|${zip}`.toLowerCase(), `${asciiLower(last)}|${asciiLower(first)}|${zip}`]
          : [];
      }),
    ),
  ];
  // One array parameter per key kind (= ANY), not an IN list of thousands of bound values: about half
  // the time to plan and run.
  const anyOf = (values: string[]) => sql`ANY(${sql.param(values)}::text[])`;
  const conds: SQL[] = [];
  if (clientIds.length) conds.push(sql`${donors.clientId} = ${anyOf(clientIds)}`);
  if (emails.length) conds.push(sql`lower(${donors.email}) = ${anyOf([...new Set(emails.flatMap(variants))])}`);
  if (names.length)
    conds.push(sql`${donorNameKeySql(donors.lastName, donors.firstName, donors.zip)} = ${anyOf(names)}`);
  const existing: DonorRow[] = conds.length
    ? await db
        .select()
        .from(donors)
        .where(and(eq(donors.organizationId, organizationId), or(...conds)))
    : [];

  const byClient = new Map<string, Work>();
  const byEmail = new Map<string, Work>();
  const byName = new Map<string, Work>();
  const index = (w: Work) => {
    const c = str(w.fields.clientId);
    const e = str(w.fields.email)?.toLowerCase();
    const n = nameKey(w.fields);
    if (c && !byClient.has(c)) byClient.set(c, w);
    if (e && !byEmail.has(e)) byEmail.set(e, w);
    if (n && !byName.has(n)) byName.set(n, w);
  };
  for (const d of existing) {
    const fields = fieldsOf(d);
    const unknown = { ...(d.extra?.unknown ?? {}) };
    index({
      id: d.id,
      isNew: false,
      original: { fields: { ...fields }, unknown: { ...unknown } },
      fields,
      unknown,
      invalid: { ...(d.extra?.invalid ?? {}) },
    });
  }

  const touched = new Set<Work>();
  let inserted = 0;
  let updated = 0;
  let unchanged = 0;
  let skipped = 0;
  for (const r of rows) {
    if (r.skip) {
      skipped++;
      continue;
    }
    const cid = str(r.values.clientId);
    const compatible = (w: Work | undefined) =>
      w && (!cid || !str(w.fields.clientId) || w.fields.clientId === cid) ? w : undefined;
    const email = str(r.values.email);
    const nk = nameKey(r.values);
    const w =
      (cid ? byClient.get(cid) : undefined) ??
      compatible(email ? byEmail.get(email) : undefined) ??
      compatible(nk ? byName.get(nk) : undefined);
    if (!w) {
      const fields: Flat = { ...r.values };
      if (typeof fields.notes === "string") fields.notes = textToHtml(fields.notes);
      const nw: Work = {
        id: null,
        isNew: true,
        original: null,
        fields,
        unknown: { ...r.unknown },
        invalid: { ...r.invalid },
      };
      index(nw);
      touched.add(nw);
      inserted++;
      continue;
    }
    let changed = false;
    for (const [key, raw] of Object.entries(r.values)) {
      let v = raw;
      if (key === "notes") {
        // The export's Notes never overwrite notes written in the app's editor.
        if (str(w.fields.notes)) continue;
        v = textToHtml(String(raw));
      }
      if (!sameValue(w.fields[key], v)) {
        w.fields[key] = v;
        changed = true;
      }
    }
    for (const [h, v] of Object.entries(r.unknown)) {
      if (w.unknown[h] !== v) {
        w.unknown[h] = v;
        changed = true;
      }
    }
    Object.assign(w.invalid, r.invalid);
    index(w);
    touched.add(w);
    if (changed) updated++;
    else unchanged++;
  }

  // ---- what to write (computed here, outside the transaction)
  const extraOf = (w: Work): DonorExtra => {
    const fields: Record<string, string | number | null> = {};
    for (const [k, v] of Object.entries(w.fields)) if (!isColumnKey(k) && v !== null && v !== undefined) fields[k] = v;
    return { fields, unknown: w.unknown, invalid: w.invalid };
  };
  const columnsOf = (w: Work) => {
    const out: Record<string, unknown> = {};
    for (const f of COLUMN_FIELDS) out[f.key] = w.fields[f.key] ?? null;
    out.notes = w.fields.notes ?? "";
    return out;
  };
  const touchedKeys: string[] = [];
  for (const w of touched) {
    touchedKeys.push(...matchKeys(w.fields));
    if (w.original) touchedKeys.push(...matchKeys(w.original.fields));
  }
  const inserts = [...touched].filter((w) => w.isNew).map((w) => ({ fields: w.fields, extra: extraOf(w) }));
  const updates: PreparedChunk["updates"] = [];
  const changeRows: (typeof donorChanges.$inferInsert)[] = [];
  for (const w of touched) {
    if (w.isNew || !w.original || !w.id) continue;
    const changes: DonorFieldChange[] = [];
    for (const key of new Set([...Object.keys(w.original.fields), ...Object.keys(w.fields)])) {
      if (!sameValue(w.original.fields[key], w.fields[key]))
        changes.push({ field: key, old: w.original.fields[key] ?? null, new: w.fields[key] ?? null });
    }
    for (const h of new Set([...Object.keys(w.original.unknown), ...Object.keys(w.unknown)])) {
      if (w.original.unknown[h] !== w.unknown[h])
        changes.push({
          field: `${UNKNOWN_FIELD_PREFIX}${h}`,
          old: w.original.unknown[h] ?? null,
          new: w.unknown[h] ?? null,
        });
    }
    if (!changes.length) continue;
    updates.push({ id: w.id, set: { ...columnsOf(w), extra: extraOf(w) } });
    changeRows.push({ donorId: w.id, organizationId, userId, source: "import", importBatchId: batchId, changes });
  }
  return {
    rows: rows.length,
    inserts,
    updates,
    changeRows,
    problems: rows.flatMap((r) => r.problems),
    counts: { inserted, updated, unchanged, skipped },
    touchedKeys,
  };
}

/** One new donor as a line of COPY text, in INSERT_COLUMNS order. */
function copyLine(organizationId: string, batchId: string, fields: Flat, extra: DonorExtra) {
  let line = `${organizationId}\t${batchId}\t${copyText(JSON.stringify(extra))}`;
  for (const c of VALUE_COLUMNS)
    line += `\t${c.key === "notes" ? copyText(String(fields.notes ?? "")) : copyValue(fields[c.key])}`;
  return `${line}\n`;
}

/**
 * A chunk none of whose rows can match a donor (no stored donor, earlier chunk or other row of the
 * chunk has any of their keys): every row that is not skipped is inserted, exactly as prepareChunk
 * would insert it, without building a match index.
 */
export function prepareNewRows(batchId: string, organizationId: string, rows: ParsedRow[]): PreparedChunk {
  const inserts: NewDonor[] = [];
  const touchedKeys: string[] = [];
  const problems: ImportProblem[] = [];
  for (const r of rows) {
    problems.push(...r.problems);
    if (r.skip) continue;
    const extraFields: Record<string, string | number | null> = {};
    for (const [k, v] of Object.entries(r.values))
      if (!isColumnKey(k) && v !== null && v !== undefined) extraFields[k] = v;
    const fields = typeof r.values.notes === "string" ? { ...r.values, notes: textToHtml(r.values.notes) } : r.values;
    inserts.push({ fields, extra: { fields: extraFields, unknown: r.unknown, invalid: r.invalid } });
    touchedKeys.push(...matchKeys(r.values));
  }
  return {
    rows: rows.length,
    inserts,
    updates: [],
    changeRows: [],
    problems,
    counts: { inserted: inserts.length, updated: 0, unchanged: 0, skipped: rows.length - inserts.length },
    touchedKeys,
  };
}

/**
 * Inserts new donors. On PostgreSQL with COPY … FROM STDIN on the transaction's own connection
 * (pg-copy-streams): the server parses plain text rows, cheaper than binding parameters or reading
 * JSON. On PGlite with one JSON parameter read by json_to_recordset: its COPY FROM '/dev/blob' got
 * slower with every COPY run in the process (ADR 038).
 */
async function insertDonors(tx: DbOrTx, organizationId: string, batchId: string, list: NewDonor[]) {
  // Drizzle keeps the driver's connection (node-postgres PoolClient, or PGlite's transaction) on the session.
  const client = (tx as unknown as { session: { client: { query(...args: unknown[]): unknown; release?: unknown } } })
    .session.client;
  if (typeof client.release === "function") {
    const text = list.map((d) => copyLine(organizationId, batchId, d.fields, d.extra)).join("");
    const stream = client.query(copyFrom(`COPY ${COPY_TARGET} FROM STDIN`)) as NodeJS.WritableStream;
    await pipeline(Readable.from([Buffer.from(text)]), stream);
    return;
  }
  // One JSON parameter per statement instead of thousands of bound values: far cheaper to build and
  // to parse. `json`, not `jsonb`: the text is read once, so converting it to jsonb first only cost time.
  const json = JSON.stringify(
    list.map((d) => {
      const o: Record<string, unknown> = {
        organization_id: organizationId,
        created_by_import_id: batchId,
        extra: d.extra,
      };
      for (const c of VALUE_COLUMNS) o[c.name] = c.key === "notes" ? (d.fields.notes ?? "") : (d.fields[c.key] ?? null);
      return o;
    }),
  );
  await tx.execute(
    sql`INSERT INTO ${donors} (${sql.raw(INSERT_NAMES)}) SELECT ${sql.raw(INSERT_NAMES)} FROM json_to_recordset(${json}::json) AS x(${sql.raw(INSERT_TYPES)})`,
  );
}

/** A chunk's donors: inserts, updates, and the updated donors' before-images in donor_changes (what undo reads). */
async function applyWrites(tx: DbOrTx, organizationId: string, batchId: string, p: PreparedChunk) {
  if (p.inserts.length) await insertDonors(tx, organizationId, batchId, p.inserts);
  for (const u of p.updates) {
    await tx
      .update(donors)
      .set({ ...(u.set as Partial<typeof donors.$inferInsert>), updatedAt: new Date() })
      .where(and(eq(donors.id, u.id), eq(donors.organizationId, organizationId)));
  }
  for (let i = 0; i < p.changeRows.length; i += 500)
    await tx.insert(donorChanges).values(p.changeRows.slice(i, i + 500));
}

/**
 * The batch's position and counts, in the chunk's transaction, and the chunk's problems while fewer
 * than IMPORT_PROBLEMS_SHOWN are kept (the first ones by row; problem_count counts them all).
 */
async function writeProgress(
  tx: DbOrTx,
  batchId: string,
  rows: number,
  c: PreparedChunk["counts"],
  problems: ImportProblem[],
) {
  const [after] = await tx
    .update(donorImportBatches)
    .set({
      rowsDone: sql`${donorImportBatches.rowsDone} + ${rows}`,
      inserted: sql`${donorImportBatches.inserted} + ${c.inserted}`,
      updated: sql`${donorImportBatches.updated} + ${c.updated}`,
      unchanged: sql`${donorImportBatches.unchanged} + ${c.unchanged}`,
      skipped: sql`${donorImportBatches.skipped} + ${c.skipped}`,
      problemCount: sql`${donorImportBatches.problemCount} + ${problems.length}`,
    })
    .where(eq(donorImportBatches.id, batchId))
    .returning({ problemCount: donorImportBatches.problemCount });
  const keptBefore = Math.min(after!.problemCount - problems.length, IMPORT_PROBLEMS_SHOWN);
  const keep = problems.slice(0, IMPORT_PROBLEMS_SHOWN - keptBefore);
  for (let i = 0; i < keep.length; i += 1000) {
    await tx
      .insert(donorImportProblems)
      .values(keep.slice(i, i + 1000).map((x) => ({ batchId, row: x.row, column: x.column, problem: x.problem })));
  }
}
