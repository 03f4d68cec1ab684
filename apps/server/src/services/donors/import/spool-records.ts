import fs from "node:fs";
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CsvError, csvRecordParser, isBlankRecord } from "../csv-records.ts";

/** An upload being spooled in the worker: its pieces as they arrive. */
export type SpoolInput = {
  /** `parsed` is called once the piece went through the parser (the main thread's flow control). */
  write(data: Uint8Array, parsed: () => void): void;
  end(): void;
  destroy(): void;
};

export type SpoolResult = { header: string[] | null; rows: number } | { error: string; csv: boolean };

/**
 * Parses an upload with csv-parse (streaming) and writes its records to `filePath`, one JSON array of
 * cells per line, the header first (blank records left out). Runs in the import's worker thread
 * (worker.ts); spool.ts does the rest of the upload on the main thread.
 */
export function spoolRecords(filePath: string, done: (result: SpoolResult) => void): SpoolInput {
  const input = new PassThrough();
  let header: string[] | null = null;
  let rows = 0;
  pipeline(
    input,
    csvRecordParser(),
    async function* lines(records: AsyncIterable<string[]>) {
      // Written about 1 MB at a time: one write per record would cost more than the parsing.
      let out = "";
      for await (const rec of records) {
        if (isBlankRecord(rec)) continue;
        if (header) rows++;
        else header = rec;
        out += `${JSON.stringify(rec)}\n`;
        if (out.length >= 1 << 20) {
          yield out;
          out = "";
        }
      }
      if (out) yield out;
    },
    fs.createWriteStream(filePath),
  ).then(
    () => done({ header, rows }),
    (err: unknown) => done({ error: err instanceof Error ? err.message : String(err), csv: err instanceof CsvError }),
  );
  return {
    write: (data, parsed) => input.write(data, () => parsed()),
    end: () => input.end(),
    destroy: () => input.destroy(),
  };
}
