import { CsvError, parse, type Parser } from "csv-parse";

/**
 * The import's CSV rules, as csv-parse (node-csv) reads them. The import reads uploads with
 * CsvRecordTexts and readCsvLine (csv-fast.ts), which give exactly these records, five times faster; tests compare
 * the two (docs/decisions/043-import-csv-reader.md). RFC 4180 quoting (commas, "" and line breaks inside
 * quotes); CRLF, LF and CR line ends, mixed in one file; a byte-order mark is dropped; a stray quote
 * inside an unquoted cell is kept as text; rows may have more or fewer cells than the header (parseRow
 * reports them). A quote left open at the end is a CsvError ("Error parsing CSV file").
 */
export const csvRecordParser = (): Parser =>
  parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    record_delimiter: ["\r\n", "\n", "\r"],
  });

/** A line of only spaces is blank too (as Papa Parse's preview in the browser skips it). */
export const isBlankRecord = (record: string[]) => record.length === 1 && record[0]!.trim() === "";

export { CsvError };
