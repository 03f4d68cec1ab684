import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { and, asc, desc, eq, getTableColumns, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { DONOR_FIELD_BY_KEY, DONOR_MESSAGES, IMPORT_MAX_BYTES, IMPORT_PROBLEMS_SHOWN, type DonorFieldValue, type ImportProblem } from "@cultivate/shared";
import type { Db, DbOrTx } from "../../db/client.ts";
import { donorChanges, donorImportBatches, donorImportProblems, donorNameKeySql, donors, type DonorExtra, type DonorFieldChange } from "../../db/schema.ts";
import { badRequest, HttpError } from "../../lib/errors.ts";
import { CsvFormatError, CsvParser, type CsvRecordCounter } from "./csv.ts";
import { KeySet } from "./key-set.ts";
import { fieldsOf, forgetDsRatings, type DonorRow } from "./repository.ts";
import { COLUMN_FIELDS, isColumnKey, parseRow, planHasName, planHeaders, textToHtml, type HeaderPlan, type ParsedRow } from "./rows.ts";

/** Rows per transaction: small enough that other requests interleave on PGlite's one connection. */
const CHUNK_ROWS = 500;
/** Rows parsed between yields to the event loop. */
const PARSE_SLICE_ROWS = 50;

/** The donors columns an import writes, with their SQL names and types (for json_to_recordset). */
const TABLE_COLUMNS = getTableColumns(donors) as Record<string, AnyPgColumn>;
const INSERT_COLUMNS = ["organizationId", "createdByImportId", "extra", ...COLUMN_FIELDS.map((f) => f.key)].map((key) => ({
  key,
  name: TABLE_COLUMNS[key]!.name,
  type: TABLE_COLUMNS[key]!.getSQLType(),
}));
const quoteIdent = (n: string) => `"${n.replace(/"/g, '""')}"`;
const INSERT_NAMES = INSERT_COLUMNS.map((c) => quoteIdent(c.name)).join(", ");
const INSERT_TYPES = INSERT_COLUMNS.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(", ");

type Flat = Record<string, DonorFieldValue>;
type Work = {
  id: string | null;
  isNew: boolean;
  original: { fields: Flat; unknown: Record<string, string> } | null;
  fields: Flat;
  unknown: Record<string, string>;
  invalid: Record<string, string>;
};

export type SpooledUpload = { id: string; filePath: string; rowsTotal: number; bytes: number };

/** Where an import's upload is kept until the import ends: DATA_DIR/imports/{batch id}.csv. */
export const importSpoolDir = (dataDir: string) => path.join(dataDir, "imports");
const spoolPath = (dir: string, batchId: string) => path.join(dir, `${batchId}.csv`);
const SPOOL_NAME_RE = /^([0-9a-f-]{36})\.csv$/;

/**
 * Writes the uploaded CSV to DATA_DIR/imports/{id}.csv (id = the future batch id) while counting its
 * records, so the job can show rows done / total and the request fails early on an empty or malformed
 * file. The file is synced to disk before the batch exists: a server stopped at any later point finds
 * it again at start-up and resumes the import.
 */
export async function spoolUpload(body: Readable, dir: string): Promise<SpooledUpload> {
  await fsp.mkdir(dir, { recursive: true });
  const id = crypto.randomUUID();
  const filePath = spoolPath(dir, id);
  const out = fs.createWriteStream(filePath);
  const decoder = new TextDecoder("utf-8");
  // The header row is parsed; the rest is only counted (no strings built: the job parses it later).
  const parser = new CsvParser();
  let counter: CsvRecordCounter | null = null;
  let header: string[] | null = null;
  let rows = 0;
  let bytes = 0;
  const take = (text: string) => {
    if (counter) return counter.push(text);
    const records = parser.push(text);
    if (!records.length) return;
    header = records[0]!;
    rows += records.length - 1;
    counter = parser.toCounter();
  };
  try {
    for await (const chunk of body) {
      const buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
      bytes += buf.length;
      if (bytes > IMPORT_MAX_BYTES) throw new HttpError(413, "payload_too_large", DONOR_MESSAGES.importTooLarge);
      if (!out.write(buf)) await new Promise<void>((r) => out.once("drain", () => r()));
      take(decoder.decode(buf, { stream: true }));
    }
    take(decoder.decode());
    if (counter) {
      (counter as CsvRecordCounter).end();
      rows += (counter as CsvRecordCounter).records;
    } else {
      const last = parser.end();
      if (last.length) header = last[0]!;
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    if (!header || rows === 0) throw badRequest(DONOR_MESSAGES.emptyCsv);
    if (!planHasName(planHeaders(header))) throw badRequest(DONOR_MESSAGES.noNameColumn);
    const fh = await fsp.open(filePath, "r");
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    return { id, filePath, rowsTotal: rows, bytes };
  } catch (err) {
    out.destroy();
    await fsp.rm(filePath, { force: true });
    if (err instanceof CsvFormatError) throw badRequest(DONOR_MESSAGES.parseError);
    throw err;
  }
}

/**
 * What the log gets about an error: the database's code and message, without the query or its
 * parameters (donor data, up to megabytes); the stack only for errors that are not a failed query.
 */
export function dbErrorSummary(err: unknown): { code?: string; message: string; stack?: string } {
  let e: unknown = err;
  let query = false;
  // Drizzle wraps the driver's error ("Failed query: … params: …") and keeps it as `cause`.
  while (e instanceof Error && e.message.startsWith("Failed query:")) {
    query = true;
    if (!e.cause) break;
    e = e.cause;
  }
  const code = (e as { code?: unknown })?.code;
  const message = e instanceof Error ? e.message : String(e);
  return {
    ...(typeof code === "string" ? { code } : {}),
    message: message.startsWith("Failed query:") ? "query failed" : message.slice(0, 500),
    ...(!query && e instanceof Error && e.stack ? { stack: e.stack.slice(0, 2000) } : {}),
  };
}

/** Thrown inside a job when the server is shutting down: the batch stays `running` and resumes at the next start. */
class ShuttingDown extends Error {}

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

const str = (v: DonorFieldValue | undefined) => (typeof v === "string" && v !== "" ? v : null);
/** The first + last name + zip match key (lower case), or null when one of the three is missing. */
const nameKey = (f: Flat) => {
  const first = str(f.firstName);
  const last = str(f.lastName);
  const zip = str(f.zip);
  return first && last && zip ? `${last.toLowerCase()}\u0000${first.toLowerCase()}\u0000${zip}` : null;
};
/** Every match key of a set of fields (Client ID, email, name + zip), tagged by kind. */
const matchKeys = (f: Flat): string[] => {
  const out: string[] = [];
  const c = str(f.clientId);
  const e = str(f.email)?.toLowerCase();
  const n = nameKey(f);
  if (c) out.push(`c:${c}`);
  if (e) out.push(`e:${e}`);
  if (n) out.push(`n:${n}`);
  return out;
};

/** A chunk matched and computed outside any transaction; writeChunk applies it in one. */
type PreparedChunk = {
  rows: number;
  insertJson: string | null;
  updates: { id: string; set: Record<string, unknown> }[];
  changeRows: (typeof donorChanges.$inferInsert)[];
  problems: ImportProblem[];
  counts: { inserted: number; updated: number; unchanged: number; skipped: number };
  /** Match keys of every donor the chunk inserts or updates (before and after). */
  touchedKeys: string[];
};

/**
 * Runs imports and undos in the background, one at a time per organisation, chunk by chunk.
 *
 * An import's position is the batch row itself: each chunk's donors, before-images (donor_changes),
 * problems and `rows_done` commit in one transaction, and the upload stays in DATA_DIR/imports until
 * the import ends. `runImport(batchId)` continues a batch from its stored position, whether it is new,
 * left `running` by a stopped server, or (later) handed to a queue worker.
 */
export class DonorImportJobs {
  private readonly jobs = new Set<Promise<void>>();
  /** Jobs started and not yet released, per organisation. */
  private readonly active = new Map<string, number>();
  /** Per organisation, when the job started last releases it: the next one waits for that. */
  private readonly chains = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly spoolDir: string,
  ) {}

  isBusy(organizationId: string) {
    return this.active.has(organizationId);
  }

  /**
   * At start-up: imports left queued or running by a stopped process are continued from their last
   * committed chunk (or marked interrupted, their rows undoable, when the upload is gone); undos left
   * running are continued (an undo only reverts what is still the import's value, so repeating it is safe).
   * Uploads no batch will read again are removed.
   */
  async recover() {
    const stale = await this.db
      .select()
      .from(donorImportBatches)
      .where(inArray(donorImportBatches.status, ["queued", "running", "undoing"]))
      .orderBy(asc(donorImportBatches.createdAt));
    const keep = new Set<string>();
    for (const b of stale) {
      if (b.status === "undoing") {
        this.log.info({ batchId: b.id }, "continuing an interrupted undo");
        this.startUndo(b.id, b.organizationId, b.userId);
      } else if (b.status === "running" && b.rowsTotal > 0 && b.rowsDone >= b.rowsTotal) {
        // Every row committed; only the final status was not written.
        await this.db.update(donorImportBatches).set({ status: "completed", finishedAt: new Date() }).where(eq(donorImportBatches.id, b.id));
      } else if (fs.existsSync(spoolPath(this.spoolDir, b.id))) {
        this.log.info({ batchId: b.id, rowsDone: b.rowsDone, rowsTotal: b.rowsTotal }, "resuming an interrupted import");
        keep.add(b.id);
        this.startImport(b.id, b.organizationId);
      } else {
        this.log.warn({ batchId: b.id, rowsDone: b.rowsDone }, "an interrupted import cannot be resumed: its upload is gone");
        await this.db
          .update(donorImportBatches)
          .set({ status: "interrupted", error: DONOR_MESSAGES.importInterrupted, finishedAt: new Date() })
          .where(eq(donorImportBatches.id, b.id));
      }
    }
    const files = await fsp.readdir(this.spoolDir).catch(() => [] as string[]);
    for (const f of files) {
      const m = SPOOL_NAME_RE.exec(f);
      if (!m || !keep.has(m[1]!)) await fsp.rm(path.join(this.spoolDir, f), { force: true }).catch(() => {});
    }
  }

  /** Starts (or continues) an import whose batch row and spooled upload exist. */
  startImport(batchId: string, organizationId: string) {
    this.track(organizationId, (release) => this.runImport(batchId, release));
  }

  startUndo(batchId: string, organizationId: string, userId: string | null) {
    this.track(organizationId, (release) => this.runUndo(batchId, organizationId, userId, release));
  }

  /** Resolves when no job is running (tests, shutdown). */
  async idle() {
    while (this.jobs.size) await Promise.allSettled([...this.jobs]);
  }

  /** Stops after the chunk being written commits; running imports stay `running` and resume at the next start. */
  async close() {
    this.stopping = true;
    await this.idle();
  }

  /**
   * Runs `work` once the organisation's previous job has released it. `release` frees the organisation
   * when the job's donors are written, before its final status and clean-up (VACUUM), so a client that
   * sees the status may start the next import at once.
   */
  private track(organizationId: string, work: (release: () => void) => Promise<void>) {
    this.active.set(organizationId, (this.active.get(organizationId) ?? 0) + 1);
    let released = false;
    let signal!: () => void;
    const freed = new Promise<void>((r) => (signal = r));
    const release = () => {
      if (released) return;
      released = true;
      const n = (this.active.get(organizationId) ?? 1) - 1;
      if (n > 0) this.active.set(organizationId, n);
      else this.active.delete(organizationId);
      forgetDsRatings(organizationId);
      if (this.chains.get(organizationId) === freed) this.chains.delete(organizationId);
      signal();
    };
    const before = this.chains.get(organizationId) ?? Promise.resolve();
    this.chains.set(organizationId, freed);
    const p: Promise<void> = before
      .then(() => work(release))
      .catch((err) => this.log.error({ err: dbErrorSummary(err) }, "donor import job failed"))
      .finally(() => {
        release();
        this.jobs.delete(p);
      });
    this.jobs.add(p);
  }

  /**
   * Continues batch `batchId` from its stored position (rows_done) to the end of its spooled upload.
   * The records before the position are parsed again but skipped; every committed chunk is already in
   * the database, so matching reads it like donors stored before the import.
   */
  async runImport(batchId: string, release: () => void = () => {}) {
    const [batch] = await this.db.select().from(donorImportBatches).where(eq(donorImportBatches.id, batchId));
    if (!batch || (batch.status !== "queued" && batch.status !== "running")) return;
    const { organizationId, userId } = batch;
    const filePath = spoolPath(this.spoolDir, batchId);
    let pending: Promise<unknown> | null = null;
    let finished = false;
    try {
      if (!fs.existsSync(filePath)) {
        finished = true;
        await this.endBatch(batchId, { status: "interrupted", error: DONOR_MESSAGES.importInterrupted });
        return;
      }
      await this.db.update(donorImportBatches).set({ status: "running" }).where(eq(donorImportBatches.id, batchId));
      const position = batch.rowsDone;
      const decoder = new TextDecoder("utf-8");
      const parser = new CsvParser();
      let plan: HeaderPlan | null = null;
      let rowNo = 0;
      let nextAnalyze = 2000;
      while (nextAnalyze <= position) nextAnalyze *= 4;
      let chunk: ParsedRow[] = [];
      // The previous chunk's transaction, still running while the next chunk is parsed and matched (on
      // PostgreSQL the database works in its own process meanwhile). Chunks commit one after another,
      // in file order; a chunk that could match a donor an earlier chunk wrote waits for that commit.
      const settle = async () => {
        const p = pending;
        pending = null;
        const err = await p;
        if (err) throw err;
        await new Promise((r) => setImmediate(r)); // let waiting requests run between chunks
      };
      // Match keys of the organisation's donors before this run, and of every donor it has inserted or
      // updated since. A row with none of them is new without asking the database (a fresh
      // organisation's import never runs a match query). A chunk whose rows share no key with an earlier
      // chunk cannot depend on the chunk still being written, so its match query and the work that
      // follows run while that chunk commits (on PostgreSQL, on another connection).
      const storedKeys = await this.keysOf(organizationId);
      const touched = new KeySet();
      const flush = async () => {
        if (!chunk.length) return;
        const rows = chunk;
        chunk = [];
        let wait = false;
        const lookup = rows.filter((r) => {
          if (r.skip) return false;
          const keys = matchKeys(r.values);
          if (keys.some((k) => touched.has(k))) return (wait = true);
          return keys.some((k) => storedKeys.has(k));
        });
        if (wait) await settle();
        const prepared = await this.prepareChunk(this.db, batchId, organizationId, userId, rows, lookup);
        for (const k of prepared.touchedKeys) touched.add(k);
        await settle();
        if (this.stopping) throw new ShuttingDown();
        if (rowNo >= nextAnalyze) {
          // Planner statistics from before the import say the organisation has few donors, so the match
          // query would read all of them row by row (its time grew linearly with the import). PGlite
          // has no autovacuum and PostgreSQL's comes too late: refresh them as the import grows.
          nextAnalyze *= 4;
          await this.db.execute(sql`ANALYZE ${donors} (${sql.identifier(donors.organizationId.name)})`);
        }
        // Settles to the error instead of rejecting, so a failure is never an unhandled rejection.
        pending = this.commitChunk(batchId, organizationId, userId, rows, prepared).then(
          () => null,
          (err: unknown) => err ?? new Error("import chunk failed"),
        );
      };
      const take = async (records: string[][]) => {
        for (const rec of records) {
          if (!plan) {
            plan = planHeaders(rec);
            continue;
          }
          if (++rowNo <= position) continue; // committed before the server stopped
          chunk.push(parseRow(plan, rec, rowNo));
          if (chunk.length >= CHUNK_ROWS) await flush();
          // Parse in slices: the running chunk's replies (BEGIN, the match query) are handled within a few
          // ms, so its INSERT runs in the database while the next chunk is parsed here, not after it.
          else if (rowNo % PARSE_SLICE_ROWS === 0) await new Promise((r) => setImmediate(r));
        }
      };
      for await (const buf of fs.createReadStream(filePath, { highWaterMark: 1 << 20 })) {
        await take(parser.push(decoder.decode(buf as Buffer, { stream: true })));
      }
      await take(parser.push(decoder.decode()));
      await take(parser.end());
      await flush();
      await settle();
      // The upload goes first: a batch whose every row is committed is completed at the next start even
      // without it (see recover).
      finished = true;
      await fsp.rm(filePath, { force: true });
      release();
      await this.endBatch(batchId, { status: "completed" });
      await this.tidy();
    } catch (err) {
      await pending; // a chunk still committing finishes before the batch is marked
      if (err instanceof ShuttingDown) {
        this.log.info({ batchId }, "import paused for shutdown; it resumes at the next start");
        return;
      }
      finished = true;
      release();
      this.log.error({ batchId, err: dbErrorSummary(err) }, "donor import stopped");
      await this.endBatch(batchId, { status: "failed", error: DONOR_MESSAGES.importStopped }).catch((e: unknown) =>
        this.log.error({ batchId, err: dbErrorSummary(e) }, "could not mark the import failed"),
      );
    } finally {
      if (finished) await fsp.rm(filePath, { force: true });
    }
  }

  private async endBatch(batchId: string, set: { status: "completed" | "failed" | "interrupted"; error?: string }) {
    await this.db
      .update(donorImportBatches)
      .set({ ...set, finishedAt: new Date() })
      .where(eq(donorImportBatches.id, batchId));
  }

  /**
   * Writes one chunk in one transaction. When the database refuses it, the chunk is written again row
   * by row, each row in its own savepoint: the rows it refuses become problems in the report ("The
   * database refused a value in this row"), the others are imported, and the details go to the log.
   * An error that is not about a row (the connection is gone) fails that second transaction as well
   * and stops the import.
   */
  private async commitChunk(batchId: string, organizationId: string, userId: string | null, rows: ParsedRow[], prepared: PreparedChunk) {
    try {
      await this.db.transaction(async (tx) => {
        await this.applyWrites(tx, organizationId, prepared);
        await this.writeProgress(tx, batchId, prepared.rows, prepared.counts, prepared.problems);
      });
      return;
    } catch (err) {
      this.log.warn({ batchId, rows: [rows[0]!.row, rows[rows.length - 1]!.row], err: dbErrorSummary(err) }, "import chunk refused; writing it row by row");
    }
    await this.db.transaction(async (tx) => {
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
            const p = await this.prepareChunk(sp, batchId, organizationId, userId, [r], [r]);
            await this.applyWrites(sp, organizationId, p);
            return p;
          });
          for (const k of ["inserted", "updated", "unchanged", "skipped"] as const) counts[k] += one.counts[k];
          problems.push(...r.problems);
        } catch (err) {
          this.log.warn({ batchId, row: r.row, err: dbErrorSummary(err) }, "import row refused by the database");
          counts.skipped++;
          problems.push(...r.problems, { row: r.row, column: "", problem: DONOR_MESSAGES.importRowNotSaved });
        }
      }
      await this.writeProgress(tx, batchId, rows.length, counts, problems);
    });
  }

  /** The match keys of an organisation's donors, read 5,000 at a time in id order. */
  private async keysOf(organizationId: string): Promise<KeySet> {
    const keys = new KeySet();
    let after: string | null = null;
    for (;;) {
      const page = await this.db
        .select({ id: donors.id, clientId: donors.clientId, email: donors.email, firstName: donors.firstName, lastName: donors.lastName, zip: donors.zip })
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
   * Matches a chunk's rows against the organisation's donors and computes every write, outside any
   * transaction. `lookup` are the rows that may match a stored donor (the others are new).
   */
  private async prepareChunk(
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
          return first && last && zip ? [`${last}|${first}|${zip}`.toLowerCase(), `${asciiLower(last)}|${asciiLower(first)}|${zip}`] : [];
        }),
      ),
    ];
    // One array parameter per key kind (= ANY), not an IN list of thousands of bound values: about half
    // the time to plan and run.
    const anyOf = (values: string[]) => sql`ANY(${sql.param(values)}::text[])`;
    const conds: SQL[] = [];
    if (clientIds.length) conds.push(sql`${donors.clientId} = ${anyOf(clientIds)}`);
    if (emails.length) conds.push(sql`lower(${donors.email}) = ${anyOf([...new Set(emails.flatMap(variants))])}`);
    if (names.length) conds.push(sql`${donorNameKeySql(donors.lastName, donors.firstName, donors.zip)} = ${anyOf(names)}`);
    const existing: DonorRow[] = conds.length ? await db.select().from(donors).where(and(eq(donors.organizationId, organizationId), or(...conds))) : [];

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
      index({ id: d.id, isNew: false, original: { fields: { ...fields }, unknown: { ...unknown } }, fields, unknown, invalid: { ...(d.extra?.invalid ?? {}) } });
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
      const compatible = (w: Work | undefined) => (w && (!cid || !str(w.fields.clientId) || w.fields.clientId === cid) ? w : undefined);
      const email = str(r.values.email);
      const nk = nameKey(r.values);
      const w = (cid ? byClient.get(cid) : undefined) ?? compatible(email ? byEmail.get(email) : undefined) ?? compatible(nk ? byName.get(nk) : undefined);
      if (!w) {
        const fields: Flat = { ...r.values };
        if (typeof fields.notes === "string") fields.notes = textToHtml(fields.notes);
        const nw: Work = { id: null, isNew: true, original: null, fields, unknown: { ...r.unknown }, invalid: { ...r.invalid } };
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
    const inserts = [...touched].filter((w) => w.isNew);
    // One JSON parameter per statement (json_to_recordset) instead of thousands of bound values:
    // far cheaper to build and to parse, on both PGlite and PostgreSQL. `json`, not `jsonb`: the
    // text is read once, so converting it to jsonb first only cost time.
    const insertJson = inserts.length
      ? JSON.stringify(
          inserts.map((w) => {
            const o: Record<string, unknown> = { organization_id: organizationId, created_by_import_id: batchId, extra: extraOf(w) };
            for (const c of INSERT_COLUMNS) if (c.key !== "organizationId" && c.key !== "createdByImportId" && c.key !== "extra") o[c.name] = c.key === "notes" ? (w.fields.notes ?? "") : (w.fields[c.key] ?? null);
            return o;
          }),
        )
      : null;
    const updates: PreparedChunk["updates"] = [];
    const changeRows: (typeof donorChanges.$inferInsert)[] = [];
    for (const w of touched) {
      if (w.isNew || !w.original || !w.id) continue;
      const changes: DonorFieldChange[] = [];
      for (const key of new Set([...Object.keys(w.original.fields), ...Object.keys(w.fields)])) {
        if (!sameValue(w.original.fields[key], w.fields[key])) changes.push({ field: key, old: w.original.fields[key] ?? null, new: w.fields[key] ?? null });
      }
      for (const h of new Set([...Object.keys(w.original.unknown), ...Object.keys(w.unknown)])) {
        if (w.original.unknown[h] !== w.unknown[h]) changes.push({ field: `unknown:${h}`, old: w.original.unknown[h] ?? null, new: w.unknown[h] ?? null });
      }
      if (!changes.length) continue;
      updates.push({ id: w.id, set: { ...columnsOf(w), extra: extraOf(w) } });
      changeRows.push({ donorId: w.id, organizationId, userId, source: "import", importBatchId: batchId, changes });
    }
    return {
      rows: rows.length,
      insertJson,
      updates,
      changeRows,
      problems: rows.flatMap((r) => r.problems),
      counts: { inserted, updated, unchanged, skipped },
      touchedKeys,
    };
  }

  /** A chunk's donors: inserts, updates, and the updated donors' before-images in donor_changes (what undo reads). */
  private async applyWrites(tx: DbOrTx, organizationId: string, p: PreparedChunk) {
    if (p.insertJson) {
      await tx.execute(
        sql`INSERT INTO ${donors} (${sql.raw(INSERT_NAMES)}) SELECT ${sql.raw(INSERT_NAMES)} FROM json_to_recordset(${p.insertJson}::json) AS x(${sql.raw(INSERT_TYPES)})`,
      );
    }
    for (const u of p.updates) {
      await tx
        .update(donors)
        .set({ ...(u.set as Partial<typeof donors.$inferInsert>), updatedAt: new Date() })
        .where(and(eq(donors.id, u.id), eq(donors.organizationId, organizationId)));
    }
    for (let i = 0; i < p.changeRows.length; i += 500) await tx.insert(donorChanges).values(p.changeRows.slice(i, i + 500));
  }

  /**
   * The batch's position and counts, in the chunk's transaction, and the chunk's problems while fewer
   * than IMPORT_PROBLEMS_SHOWN are kept (the first ones by row; problem_count counts them all).
   */
  private async writeProgress(tx: DbOrTx, batchId: string, rows: number, c: PreparedChunk["counts"], problems: ImportProblem[]) {
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
      await tx.insert(donorImportProblems).values(keep.slice(i, i + 1000).map((x) => ({ batchId, row: x.row, column: x.column, problem: x.problem })));
    }
  }

  /**
   * After an import: fresh statistics for every column and index, and the visibility map set, so counts
   * of filtered lists are index-only scans (PGlite never vacuums by itself). Failure only costs speed.
   */
  private async tidy() {
    await this.db.execute(sql`VACUUM (ANALYZE) ${donors}`).catch((err: unknown) => this.log.warn({ err }, "vacuum after import failed"));
  }

  /**
   * Undo: revert the batch's updates, newest first (a donor two chunks updated gets its value from before
   * the first), each field only while it still holds the import's value (a later edit is left alone);
   * then delete its inserts. Safe to repeat after an interruption: what was reverted no longer holds the
   * import's value. On an error the batch becomes undoable again (completed, or failed when the import
   * itself had not finished).
   */
  private async runUndo(batchId: string, organizationId: string, userId: string | null, release: () => void = () => {}) {
    try {
      const changeIds = (
        await this.db
          .select({ id: donorChanges.id })
          .from(donorChanges)
          .where(and(eq(donorChanges.importBatchId, batchId), eq(donorChanges.source, "import")))
          .orderBy(desc(donorChanges.createdAt), desc(donorChanges.id))
      ).map((r) => r.id);
      for (let i = 0; i < changeIds.length; i += 500) {
        const ids = changeIds.slice(i, i + 500);
        const found = await this.db.select().from(donorChanges).where(inArray(donorChanges.id, ids));
        const byChangeId = new Map(found.map((c) => [c.id, c]));
        const page = ids.map((id) => byChangeId.get(id)).filter((c) => c !== undefined);
        await this.db.transaction(async (tx) => {
          const current = await tx
            .select()
            .from(donors)
            .where(and(eq(donors.organizationId, organizationId), inArray(donors.id, [...new Set(page.map((c) => c.donorId))])));
          // Each donor's state as the page's reverts go (one donor may have several changes in a page).
          const state = new Map(current.map((d) => [d.id, { d, fields: fieldsOf(d), unknown: { ...(d.extra?.unknown ?? {}) }, dirty: false }]));
          const undoRows: (typeof donorChanges.$inferInsert)[] = [];
          for (const change of page) {
            const s = state.get(change.donorId);
            if (!s) continue;
            const reverted: DonorFieldChange[] = [];
            for (const c of change.changes) {
              if (c.field.startsWith("unknown:")) {
                const h = c.field.slice("unknown:".length);
                if ((s.unknown[h] ?? null) !== c.new) continue;
                if (c.old === null) delete s.unknown[h];
                else s.unknown[h] = String(c.old);
              } else {
                if (!sameValue(s.fields[c.field], c.new)) continue; // changed again since: leave it
                s.fields[c.field] = c.old as DonorFieldValue;
              }
              reverted.push({ field: c.field, old: c.new, new: c.old });
            }
            if (!reverted.length) continue;
            s.dirty = true;
            undoRows.push({ donorId: s.d.id, organizationId, userId, source: "undo", importBatchId: batchId, changes: reverted });
          }
          for (const s of state.values()) {
            if (!s.dirty) continue;
            const set: Record<string, unknown> = {};
            const extraFields: Record<string, string | number | null> = {};
            for (const [k, v] of Object.entries(s.fields)) {
              if (isColumnKey(k)) set[k] = k === "notes" ? (v ?? "") : v;
              else if (v !== null) extraFields[k] = v;
            }
            await tx
              .update(donors)
              .set({ ...(set as Partial<typeof donors.$inferInsert>), extra: { ...s.d.extra, fields: extraFields, unknown: s.unknown }, updatedAt: new Date() })
              .where(eq(donors.id, s.d.id));
          }
          if (undoRows.length) await tx.insert(donorChanges).values(undoRows);
        });
        if (this.stopping) throw new ShuttingDown();
        await new Promise((r) => setImmediate(r));
      }
      for (;;) {
        const ids = await this.db
          .select({ id: donors.id })
          .from(donors)
          .where(and(eq(donors.createdByImportId, batchId), eq(donors.organizationId, organizationId)))
          .limit(1000);
        const n = ids.length;
        if (n) await this.db.delete(donors).where(inArray(donors.id, ids.map((r) => r.id)));
        if (!n) break;
        if (this.stopping) throw new ShuttingDown();
        await new Promise((r) => setImmediate(r));
      }
      release();
      await this.db.update(donorImportBatches).set({ status: "undone", undoneAt: new Date(), error: null }).where(eq(donorImportBatches.id, batchId));
    } catch (err) {
      if (err instanceof ShuttingDown) {
        this.log.info({ batchId }, "undo paused for shutdown; it continues at the next start");
        return;
      }
      release();
      this.log.error({ err: dbErrorSummary(err), batchId }, "undoing a donor import failed");
      await this.db
        .update(donorImportBatches)
        .set({
          status: sql`CASE WHEN ${donorImportBatches.rowsDone} >= ${donorImportBatches.rowsTotal} THEN 'completed' ELSE 'failed' END`,
          error: DONOR_MESSAGES.undoStopped,
        })
        .where(eq(donorImportBatches.id, batchId))
        .catch(() => {});
    }
  }
}

export const changeLabel = (field: string) =>
  field.startsWith("unknown:") ? field.slice("unknown:".length) : (DONOR_FIELD_BY_KEY.get(field)?.label ?? field);
