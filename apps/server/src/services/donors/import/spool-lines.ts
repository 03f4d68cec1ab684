import { readCsvLine } from "../csv-fast.ts";

/**
 * One line of an import's spool per record (spool-records.ts writes them; the chunk reader and the job
 * read them). A record whose CSV text is one line is kept as that text after a "c": writing it costs
 * nothing, and reading it back (readCsvLine) costs what JSON.parse did (ADR 060). A record with a line
 * break in a cell is kept as a JSON array of its cells, as every record was before: spools and stored
 * uploads written then still read.
 */
export function spoolLine(record: string[], csv: string): string {
  return csv.includes("\n") || csv.includes("\r") ? JSON.stringify(record) : `c${csv}`;
}

const C = "c".charCodeAt(0);

/** The record a spool line holds. */
export function spooledRecord(line: string): string[] {
  return line.charCodeAt(0) === C ? readCsvLine(line, 1) : (JSON.parse(line) as string[]);
}
