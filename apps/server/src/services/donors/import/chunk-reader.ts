import fs from "node:fs";
import fsp from "node:fs/promises";
import readline from "node:readline";
import type { ImportProblem } from "@cultivate/shared";
import { KeySet } from "../key-set.ts";
import { parseCells, planHeaders, valuesOf, type ManagersByEmail, type ParsedCells } from "../rows.ts";
import { donorGateKeys, MATCH_FIELDS, rowProbeKeys } from "./match-keys.ts";
import { joinRecords, rowWriter, type InsertFormat } from "./insert-text.ts";
import { spooledRecord } from "./spool-lines.ts";

/** What the import job asks the worker for: the chunks of a spooled upload after `position` records. */
export type ReadRequest = {
  filePath: string;
  position: number;
  chunkRows: number;
  format: InsertFormat;
  organizationId: string;
  batchId: string;
  /** Who the Relationship Manager column may name (import/managers.ts). */
  managers?: ManagersByEmail;
  /**
   * Where record `position` ends in the file, when a previous slice on this server knew it
   * (slice-keys.ts): the reader jumps there after the header instead of reading every earlier record.
   */
  positionByte?: number;
};

/**
 * One chunk of the upload, read and parsed off the main thread. When none of its keys is known to the
 * organisation or to an earlier chunk, the job writes `inserts` as it is; otherwise it reads its records
 * from the spool again (readSpooled: the bytes from `startByte` to `endByte`), parses them and matches
 * them (chunk-sql.ts). The records themselves are not sent: copying them to the main thread cost both
 * threads time for every chunk, and few chunks are matched.
 */
export type Chunk = {
  /** Row number (1 = the first record after the header) of the chunk's first record. */
  first: number;
  /** How many records the chunk has (rows from `first`). */
  rows: number;
  /** Every row that is not skipped, as a new donor (insert-text.ts), in file order. */
  inserts: string;
  inserted: number;
  skipped: number;
  /** Every row's problems, in row order. */
  problems: ImportProblem[];
  /** Hashes (KeySet.hash) of the gate keys (match-keys.ts) of the donors the rows that are not skipped would insert. */
  keys: Float64Array;
  /** Hashes of the keys through which those rows may match an earlier donor (rowProbeKeys). */
  probe: Float64Array;
  /** A row of the chunk may match an earlier row of it (then the chunk is matched, not only inserted). */
  repeatsKey: boolean;
  /** The byte offset in the spool of the chunk's first record. */
  startByte: number;
  /** The byte offset in the spool just after the chunk's last record (a later slice's `positionByte`). */
  endByte: number;
};

/**
 * Reads a spooled upload (spool.ts) from record `position` on, in chunks of `chunkRows` records:
 * first the header, then each chunk. Records before the position are counted, not parsed.
 */
export async function* readChunks(req: ReadRequest): AsyncGenerator<{ header: string[] } | Chunk> {
  let input = fs.createReadStream(req.filePath, { highWaterMark: 1 << 20 });
  let lines = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    let plan: ReturnType<typeof planHeaders> | null = null;
    let write: ((r: ParsedCells) => string) | null = null;
    let rowNo = 0;
    // Bytes read so far: the spool is UTF-8 with "\n" after each record (spool-records.ts).
    let byte = 0;
    let batch: string[] = [];
    let batchStart = 0; // where batch[0] starts in the spool
    for (let again = true; again;) {
      again = false;
      for await (const line of lines) {
        byte += Buffer.byteLength(line) + 1;
        if (!plan) {
          const header = spooledRecord(line);
          plan = planHeaders(header, req.managers);
          write = rowWriter(
            req.format,
            req.organizationId,
            req.batchId,
            plan.rules.map((r) => r.key),
          );
          yield { header };
          if (req.positionByte !== undefined && req.position > 0) {
            // Straight to the first record not committed yet (the records before it are not even counted).
            rowNo = req.position;
            byte = req.positionByte;
            lines.close();
            input.destroy();
            input = fs.createReadStream(req.filePath, { highWaterMark: 1 << 20, start: byte });
            lines = readline.createInterface({ input, crlfDelay: Infinity });
            again = true;
            break;
          }
          continue;
        }
        if (++rowNo <= req.position) continue; // committed before
        if (!batch.length) batchStart = byte - Buffer.byteLength(line) - 1;
        batch.push(line);
        if (batch.length >= req.chunkRows) {
          yield chunkOf(plan, write!, batch, rowNo - batch.length + 1, req.format, batchStart, byte);
          batch = [];
        }
      }
    }
    if (plan && batch.length)
      yield chunkOf(plan, write!, batch, rowNo - batch.length + 1, req.format, batchStart, byte);
  } finally {
    lines.close();
    input.destroy();
  }
}

function chunkOf(
  plan: ReturnType<typeof planHeaders>,
  write: (r: ParsedCells) => string,
  lines: string[],
  first: number,
  format: InsertFormat,
  startByte: number,
  endByte: number,
): Chunk {
  const records: string[] = [];
  const problems: ImportProblem[] = [];
  const keys: number[] = [];
  const probe: number[] = [];
  const seen = new Set<number>();
  let repeatsKey = false;
  let skipped = 0;
  for (let i = 0; i < lines.length; i++) {
    const r = parseCells(plan, spooledRecord(lines[i]!), first + i);
    for (const p of r.problems) problems.push(p);
    if (r.skip) {
      skipped++;
      continue;
    }
    const matchValues = valuesOf(plan, r.byColumn, MATCH_FIELDS);
    for (const k of rowProbeKeys(matchValues)) {
      const h = KeySet.hash(k);
      if (seen.has(h)) repeatsKey = true;
      probe.push(h);
    }
    for (const k of donorGateKeys(matchValues)) {
      const h = KeySet.hash(k);
      seen.add(h);
      keys.push(h);
    }
    records.push(write(r));
  }
  return {
    first,
    rows: lines.length,
    inserts: joinRecords(format, records),
    inserted: records.length,
    skipped,
    problems,
    keys: Float64Array.from(keys),
    probe: Float64Array.from(probe),
    repeatsKey,
    startByte,
    endByte,
  };
}

/** The spool lines between two byte offsets (a chunk's startByte and endByte): one record each (spool-lines.ts). */
export async function readSpooled(filePath: string, startByte: number, endByte: number): Promise<string[]> {
  const fh = await fsp.open(filePath, "r");
  try {
    const buf = Buffer.alloc(endByte - startByte);
    const { bytesRead } = await fh.read(buf, 0, buf.length, startByte);
    if (bytesRead !== buf.length) throw new Error("the spooled upload ended before the chunk");
    return buf.toString("utf8").split("\n").slice(0, -1); // each record ends with "\n"
  } finally {
    await fh.close();
  }
}
