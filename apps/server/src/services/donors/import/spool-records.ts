import fs from "node:fs";
import { readCsvLine, CsvRecordTexts } from "../csv-fast.ts";
import { CsvError } from "../csv-records.ts";
import { isBlankText, spoolLine } from "./spool-lines.ts";

/** An upload being spooled in the worker: its pieces as they arrive. */
export type SpoolInput = {
  /** `parsed` is called once the piece is parsed and its records written (the main thread's flow control). */
  write(data: Uint8Array, parsed: () => void): void;
  end(): void;
  destroy(): void;
};

export type SpoolResult = { header: string[] | null; rows: number } | { error: string; csv: boolean };

/** Records are written about 1 MB at a time: one write per record would cost more than the parsing. */
const WRITE_BYTES = 1 << 20;

/**
 * Cuts an upload into records (CsvRecordTexts, streaming) and writes them to `filePath`, one per line
 * (spool-lines.ts), the header first (blank records left out). Runs in the import's worker thread
 * (worker.ts); spool.ts does the rest of the upload on the main thread. Pieces are handled one at a
 * time, in order, each after the previous one's write.
 */
export function spoolRecords(filePath: string, done: (result: SpoolResult) => void): SpoolInput {
  const reader = new CsvRecordTexts();
  const out = fs.createWriteStream(filePath);
  let header: string[] | null = null;
  let rows = 0;
  let text = "";
  let failed = false;
  let queue = Promise.resolve();
  const fail = (err: unknown) => {
    if (failed) return;
    failed = true;
    out.destroy();
    done({ error: err instanceof Error ? err.message : String(err), csv: err instanceof CsvError });
  };
  out.on("error", fail);
  const add = (records: string[]) => {
    for (const csv of records) {
      if (isBlankText(csv)) continue;
      if (header) rows++;
      else header = readCsvLine(csv);
      text += `${spoolLine(csv)}\n`;
    }
  };
  const flush = (all: boolean) =>
    new Promise<void>((resolve) => {
      if (!text || (!all && text.length < WRITE_BYTES)) return resolve();
      const chunk = text;
      text = "";
      // Waits for the disk when the stream's buffer is full: the upload goes no faster than its spool.
      if (out.write(chunk)) resolve();
      else out.once("drain", resolve);
    });
  const step = (work: () => Promise<void>) => {
    queue = queue.then(() => (failed ? undefined : work().catch(fail)));
  };
  return {
    write: (data, parsed) =>
      step(async () => {
        add(reader.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength)));
        await flush(false);
        parsed();
      }),
    end: () =>
      step(async () => {
        add(reader.end());
        await flush(true);
        await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
        if (!failed) done({ header, rows });
      }),
    destroy: () => {
      failed = true;
      out.destroy();
    },
  };
}
