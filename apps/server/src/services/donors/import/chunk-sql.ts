import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyBaseLogger } from "fastify";
import { from as copyFrom } from "pg-copy-streams";
import { and, asc, eq, gt, or, sql, type SQL } from "drizzle-orm";
import { DONOR_MESSAGES, IMPORT_PROBLEMS_SHOWN, type DonorFieldValue, type ImportProblem } from "@cultivate/shared";
import type { Db, DbOrTx } from "../../../db/client.ts";
import {
  donorChanges,
  donorImportBatches,
  donorImportProblems,
  donorMatchHashesSql,
  donorNameKeySql,
  donors,
  type DonorExtra,
  type DonorFieldChange,
} from "../../../db/schema.ts";
import { extraOf } from "../extra.ts";
import { KeySet } from "../key-set.ts";
import { fieldsOf, type DonorRow } from "../list-sql.ts";
import { RELATIONSHIP_MANAGER_KEY, textToHtml, type ParsedRow } from "../rows.ts";
import { sameValue, UNKNOWN_FIELD_PREFIX } from "./changes.ts";
import {
  COPY_TARGET,
  INSERT_NAMES,
  INSERT_TYPES,
  UPDATE_SET,
  UPDATE_TYPES,
  insertRecord,
  joinRecords,
  type InsertFormat,
} from "./insert-text.ts";
import { dbErrorSummary } from "./job.ts";
import { donorGateKeys, matchKeys, nameKey, str } from "./match-keys.ts";

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

export { matchKeys };

/** A chunk matched and computed outside any transaction; commitChunk applies it in one. */
export type PreparedChunk = {
  /** The row number of the chunk's first record, and how many records it has. */
  firstRow: number;
  rows: number;
  /** The donors to insert (written with COPY on PostgreSQL, see insertDonors). */
  inserts: NewDonor[];
  /** Or the donors to insert, already written as the statement's input (by the worker: chunk-reader.ts). */
  insertText?: string;
  /** Matched donors that change: every column is written again (applyWrites). */
  updates: (NewDonor & { id: string })[];
  changeRows: (typeof donorChanges.$inferInsert)[];
  problems: ImportProblem[];
  counts: { inserted: number; updated: number; unchanged: number; skipped: number };
  /** Match keys of every donor the chunk inserts or updates (before and after). */
  touchedKeys: string[];
  /** Whether the chunk asked the database for matching donors (prepareChunk). */
  matched?: boolean;
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
    for (const d of page) for (const k of donorGateKeys(d)) keys.add(k);
    if (page.length < 5000) return keys;
    after = page[page.length - 1]!.id;
  }
}

/** The chunk before this one failed: this one is rolled back (the import stops at the earlier one). */
export class EarlierChunkFailed extends Error {}

/**
 * Commits in file order: a chunk's donors may be written while the chunk before it commits (on
 * PostgreSQL, on another connection), but its progress is written, and it commits, only once that
 * chunk has committed. `before` settles to the earlier chunk's error, or null.
 */
async function afterEarlierChunk(before: Promise<unknown> | null) {
  if (before && (await before)) throw new EarlierChunkFailed();
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
  format: InsertFormat,
  batchId: string,
  organizationId: string,
  userId: string | null,
  rowsOf: () => Promise<ParsedRow[]>,
  prepared: PreparedChunk,
  before: Promise<unknown> | null = null,
) {
  try {
    await db.transaction(async (tx) => {
      await applyWrites(tx, format, organizationId, batchId, prepared);
      await afterEarlierChunk(before);
      await writeProgress(tx, batchId, prepared.rows, prepared.counts, prepared.problems);
    });
    return;
  } catch (err) {
    if (err instanceof EarlierChunkFailed) throw err;
    log.warn(
      { batchId, rows: [prepared.firstRow, prepared.firstRow + prepared.rows - 1], err: dbErrorSummary(err) },
      "import chunk refused; writing it row by row",
    );
  }
  // Rare: the chunk's rows are parsed again here (a chunk the worker wrote carries only its text).
  const rows = await rowsOf();
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
          await applyWrites(sp, format, organizationId, batchId, p);
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
    await afterEarlierChunk(before);
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
  const emailKeys = [...new Set(emails.flatMap(variants))];
  const conds: SQL[] = [];
  // Each key's hash as donorMatchHashesSql computes it, so donors_match_keys_idx finds the candidates;
  // `conds` then compares the keys themselves.
  const hashes: SQL[] = [];
  const hashOf = (kind: string, values: string[]) =>
    sql`SELECT hashtextextended(${kind} || k, 0) FROM unnest(${sql.param(values)}::text[]) k`;
  if (clientIds.length) {
    conds.push(sql`${donors.clientId} = ${anyOf(clientIds)}`);
    hashes.push(hashOf("c", clientIds));
  }
  if (emailKeys.length) {
    conds.push(sql`lower(${donors.email}) = ${anyOf(emailKeys)}`);
    hashes.push(hashOf("e", emailKeys));
  }
  if (names.length) {
    conds.push(sql`${donorNameKeySql(donors.lastName, donors.firstName, donors.zip)} = ${anyOf(names)}`);
    hashes.push(hashOf("n", names));
  }
  const existing: DonorRow[] = conds.length
    ? await db
        .select()
        .from(donors)
        .where(
          and(
            eq(donors.organizationId, organizationId),
            sql`${donorMatchHashesSql(donors)} && ARRAY(${sql.join(hashes, sql` UNION ALL `)})`,
            or(...conds),
          ),
        )
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
    // With the relationship manager, which the import's optional column may set (rows.ts).
    const fields: Flat = { ...fieldsOf(d), [RELATIONSHIP_MANAGER_KEY]: d.relationshipManagerId ?? null };
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
  const extraOfWork = (w: Work): DonorExtra => extraOf(w.fields, w.unknown, w.invalid);
  const touchedKeys: string[] = [];
  for (const w of touched) {
    touchedKeys.push(...donorGateKeys(w.fields));
    if (w.original) touchedKeys.push(...donorGateKeys(w.original.fields));
  }
  const inserts = [...touched].filter((w) => w.isNew).map((w) => ({ fields: w.fields, extra: extraOfWork(w) }));
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
    updates.push({ id: w.id, fields: w.fields, extra: extraOfWork(w) });
    changeRows.push({ donorId: w.id, organizationId, userId, source: "import", importBatchId: batchId, changes });
  }
  return {
    firstRow: rows[0]?.row ?? 0,
    rows: rows.length,
    inserts,
    updates,
    changeRows,
    problems: rows.flatMap((r) => r.problems),
    counts: { inserted, updated, unchanged, skipped },
    touchedKeys,
    matched: true,
  };
}

/**
 * Inserts new donors from their text (insert-text.ts). On PostgreSQL with COPY … FROM STDIN on the
 * transaction's own connection (pg-copy-streams): the server parses plain text rows, cheaper than
 * binding parameters or reading JSON. On PGlite with one JSON parameter read by json_to_recordset: its
 * COPY FROM '/dev/blob' got slower with every COPY run in the process (ADR 038).
 */
async function insertDonors(tx: DbOrTx, format: InsertFormat, text: string) {
  if (format === "copy") {
    // Drizzle keeps the driver's connection (node-postgres PoolClient) on the session.
    const client = (tx as unknown as { session: { client: { query(...args: unknown[]): unknown } } }).session.client;
    const stream = client.query(copyFrom(`COPY ${COPY_TARGET} FROM STDIN`)) as NodeJS.WritableStream;
    await pipeline(Readable.from([Buffer.from(text)]), stream);
    return;
  }
  // One JSON parameter per statement instead of thousands of bound values: far cheaper to build and
  // to parse. `json`, not `jsonb`: the text is read once, so converting it to jsonb first only cost time.
  await tx.execute(
    sql`INSERT INTO ${donors} (${sql.raw(INSERT_NAMES)}) SELECT ${sql.raw(INSERT_NAMES)} FROM json_to_recordset(${text}::json) AS x(${sql.raw(INSERT_TYPES)})`,
  );
}

/** A chunk's donors: inserts, updates, and the updated donors' before-images in donor_changes (what undo reads). */
async function applyWrites(
  tx: DbOrTx,
  format: InsertFormat,
  organizationId: string,
  batchId: string,
  p: PreparedChunk,
) {
  const text =
    p.insertText ??
    (p.inserts.length
      ? joinRecords(
          format,
          p.inserts.map((d) => insertRecord(format, organizationId, batchId, d.fields, d.extra)),
        )
      : null);
  // A matched chunk's writes merge the GIN indexes' pending lists once they pass 64 kB instead of 4 MB.
  // A GIN search reads the whole pending list and compares every entry with every key it asks for, so
  // the next chunk's match query (1,500 keys) took up to 3.7 s with a full list: that was most of a
  // re-import's time (docs/PERFORMANCE.md, ADR 077). Chunks that only insert keep the default, which
  // merges in bigger and cheaper batches; a matched chunk that writes nothing needs no setting.
  if (p.matched && (text || p.updates.length)) await tx.execute(sql`SET LOCAL gin_pending_list_limit = 64`);
  if (text) await insertDonors(tx, format, text);
  if (p.updates.length) {
    // One statement for the chunk's updates, from the JSON form of their rows (as PGlite's inserts):
    // a statement per donor cost about 2 ms of the server's CPU each (docs/PERFORMANCE.md, ADR 077).
    const records = p.updates.map((u) =>
      insertRecord("json", organizationId, batchId, u.fields, u.extra, undefined, u.id),
    );
    await tx.execute(
      sql`UPDATE ${donors} SET ${sql.raw(UPDATE_SET)}, ${sql.identifier(donors.updatedAt.name)} = now() FROM json_to_recordset(${joinRecords("json", records)}::json) AS x(${sql.raw(UPDATE_TYPES)}) WHERE ${donors.id} = x.id AND ${donors.organizationId} = ${organizationId}`,
    );
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
