import fsp from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import type { Readable } from "node:stream";
import { DONOR_MESSAGES, IMPORT_MAX_BYTES } from "@cultivate/shared";
import { badRequest, HttpError } from "../../../lib/errors.ts";
import { planHasName, planHeaders } from "../rows.ts";
import type { UploadStore } from "./upload-store.ts";
import { SpoolCsvError, type ImportWorker, type Spooled } from "./worker-client.ts";

export type SpooledUpload = { id: string; filePath: string; rowsTotal: number; bytes: number };

/**
 * Where an import's parsed upload is kept until the import ends: DATA_DIR/imports/{batch id}.jsonl. (Its
 * lines were all JSON before ADR 060; the name stays, so a spool written then is found after an upgrade.)
 */
export const importSpoolDir = (dataDir: string) => path.join(dataDir, "imports");
export const spoolPath = (dir: string, batchId: string) => path.join(dir, `${batchId}.jsonl`);
const SPOOL_NAME_RE = /^([0-9a-f-]{36})\.(?:jsonl|csv)$/;

/** Removes every upload in the spool folder except those of the batches in `keep` (no batch will read them again). */
export async function removeSpooledExcept(dir: string, keep: ReadonlySet<string>) {
  const files = await fsp.readdir(dir).catch(() => [] as string[]);
  for (const f of files) {
    const m = SPOOL_NAME_RE.exec(f);
    if (!m || !keep.has(m[1]!)) await fsp.rm(path.join(dir, f), { force: true }).catch(() => {});
  }
}

/**
 * Parses the uploaded CSV as it arrives (CsvRecordTexts, streaming, in the import's worker thread:
 * spool-records.ts) and writes its records to DATA_DIR/imports/{id}.jsonl (id = the future batch id),
 * one per line (spool-lines.ts), the header first. The upload is parsed here (again only by a server
 * that takes the import over, from the stored CSV: upload-store.ts): the request fails early on an
 * empty or malformed file, and the job shows rows done / total. The job (or a resumed one) reads one
 * line per record: a record's own CSV text, parsed again by itself, or JSON (ADR 038, ADR 060).
 * The file is synced to disk before the batch exists: a server stopped at any later point finds it
 * again at start-up and resumes the import. With `store` (PostgreSQL), the CSV's bytes also go to the
 * database as they arrive (upload-store.ts), for a server that takes the import over.
 */
export async function spoolUpload(
  body: Readable,
  dir: string,
  worker: ImportWorker,
  store?: (id: string) => UploadStore,
): Promise<SpooledUpload> {
  await fsp.mkdir(dir, { recursive: true });
  const id = crypto.randomUUID();
  const filePath = spoolPath(dir, id);
  const stored = store?.(id);
  try {
    const { header, rows, bytes } = await spoolFile(body, filePath, worker, stored);
    if (!header || rows === 0) throw badRequest(DONOR_MESSAGES.emptyCsv);
    if (!planHasName(planHeaders(header))) throw badRequest(DONOR_MESSAGES.noNameColumn);
    return { id, filePath, rowsTotal: rows, bytes };
  } catch (err) {
    await fsp.rm(filePath, { force: true });
    await stored?.abort().catch(() => {}); // the database may be what failed
    if (err instanceof SpoolCsvError) throw badRequest(DONOR_MESSAGES.parseError);
    throw err;
  }
}

/**
 * Parses a CSV (at most IMPORT_MAX_BYTES) into the spool file `filePath` in the worker thread, handing
 * each piece to `store` as well, and syncs the file to disk. Also how a stored upload is spooled again
 * on another server (upload-store.ts, restoreUpload).
 */
export async function spoolFile(
  body: Readable,
  filePath: string,
  worker: ImportWorker,
  store?: UploadStore,
): Promise<Spooled & { bytes: number }> {
  let bytes = 0;
  const sink = worker.spool(filePath);
  try {
    for await (const chunk of body as AsyncIterable<Buffer | string>) {
      const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      bytes += buf.length;
      if (bytes > IMPORT_MAX_BYTES) throw new HttpError(413, "payload_too_large", DONOR_MESSAGES.importTooLarge);
      await Promise.all([sink.write(buf), store?.write(buf)]);
    }
    const spooled = await sink.finish();
    await store?.finish();
    const fh = await fsp.open(filePath, "r");
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    return { ...spooled, bytes };
  } catch (err) {
    sink.abort();
    throw err;
  }
}
