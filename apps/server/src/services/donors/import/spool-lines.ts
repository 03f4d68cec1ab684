import { readCsvLine } from "../csv-fast.ts";
import { isBlankRecord } from "../csv-records.ts";
import type { WellFormed } from "../rows.ts";

/**
 * One line of an import's spool per record (spool-records.ts writes them; the chunk reader and the job
 * read them; ADR 060). A record whose CSV text is one line is kept as that text after a "c": writing it
 * costs nothing, and reading it back (readCsvLine) costs what JSON.parse did. A record with a line break
 * in a cell is kept as a JSON array of its cells, as every record was before: spools and stored uploads
 * written then still read.
 */
export function spoolLine(csv: string): string {
  // JSON also keeps an unpaired surrogate (from a UTF-16 file), which the spool's UTF-8 would turn into
  // U+FFFD before parseCells could report it.
  return csv.includes("\n") || csv.includes("\r") || !(csv as unknown as WellFormed).isWellFormed()
    ? JSON.stringify(readCsvLine(csv))
    : `c${csv}`;
}

const C = "c".charCodeAt(0);

/** The record a spool line holds. */
export function spooledRecord(line: string): string[] {
  return line.charCodeAt(0) === C ? readCsvLine(line, 1) : (JSON.parse(line) as string[]);
}

// Only whitespace and quotes: the text of a blank record (isBlankRecord) can hold nothing else.
const MAY_BE_BLANK_RE = /^[\s"]*$/;

/** Whether a record's text is a blank record (one cell of only whitespace), which the import skips. */
export const isBlankText = (csv: string) => MAY_BE_BLANK_RE.test(csv) && isBlankRecord(readCsvLine(csv));
