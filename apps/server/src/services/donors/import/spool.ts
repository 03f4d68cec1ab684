import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import type { Readable } from "node:stream";
import { DONOR_MESSAGES, IMPORT_MAX_BYTES } from "@cultivate/shared";
import { badRequest, HttpError } from "../../../lib/errors.ts";
import { CsvFormatError, CsvParser, type CsvRecordCounter } from "../csv.ts";
import { planHasName, planHeaders } from "../rows.ts";

export type SpooledUpload = { id: string; filePath: string; rowsTotal: number; bytes: number };

/** Where an import's upload is kept until the import ends: DATA_DIR/imports/{batch id}.csv. */
export const importSpoolDir = (dataDir: string) => path.join(dataDir, "imports");
export const spoolPath = (dir: string, batchId: string) => path.join(dir, `${batchId}.csv`);
const SPOOL_NAME_RE = /^([0-9a-f-]{36})\.csv$/;

/** Removes every upload in the spool folder except those of the batches in `keep` (no batch will read them again). */
export async function removeSpooledExcept(dir: string, keep: ReadonlySet<string>) {
  const files = await fsp.readdir(dir).catch(() => [] as string[]);
  for (const f of files) {
    const m = SPOOL_NAME_RE.exec(f);
    if (!m || !keep.has(m[1]!)) await fsp.rm(path.join(dir, f), { force: true }).catch(() => {});
  }
}

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
