import { StringDecoder } from "node:string_decoder";
import { CsvError } from "csv-parse";

/**
 * The import's CSV reader, with exactly the records of csv-parse as `csvRecordParser()` configures it
 * (csv-records.ts), about five times faster (docs/decisions/043-import-csv-reader.md). It reads in two
 * steps (ADR 060): `CsvRecordTexts` cuts the upload, as it streams in, into the text of each record
 * without making its cells, and `readCsvLine` makes the cells of one record's text when they are needed.
 * A test reads thousands of generated inputs, cut into pieces at random bytes, both ways and requires
 * the same records or the same error.
 *
 * The rules (csv-parse's, with relax_quotes, relax_column_count, skip_empty_lines, bom, and CRLF, LF
 * and CR as record ends): a field that starts with `"` is quoted; inside it `""` is a quote, and a quote
 * followed by a comma, a line end or the end of the file closes it; a quote followed by anything else
 * closes it too but is kept as text, with the opening quote (`"a"b` reads `"a"b`). A quote inside an
 * unquoted field is text. An empty line (no field, not even `""`) is skipped. A UTF-8 byte-order mark is
 * dropped. A quote still open at the end of the file is a CsvError. Invalid UTF-8 becomes U+FFFD.
 */
export class CsvRecordTexts {
  private decoder: StringDecoder | null = null;
  /** The first bytes, until there are enough to look for a byte-order mark. */
  private head: Buffer | null = null;
  /** Text not yet read: the start of a record that did not end in the pieces so far. */
  private rest = "";

  /** The text of each record that ends in `piece` (and the text before it). */
  push(piece: Buffer): string[] {
    if (!this.decoder) {
      const head = this.head ? Buffer.concat([this.head, piece]) : piece;
      if (head.length < 3) {
        this.head = head;
        return [];
      }
      this.head = null;
      return this.read(this.start(head), false);
    }
    return this.read(this.rest + this.decoder.write(piece), false);
  }

  /** The last record's text, at the end of the file. */
  end(): string[] {
    let text = "";
    if (this.decoder) text = this.rest + this.decoder.end();
    else if (this.head) text = this.head.toString("utf8"); // under 3 bytes: csv-parse looks for no mark
    this.rest = "";
    return this.read(text, true);
  }

  /** The first bytes: a UTF-8 byte-order mark is dropped; one of UTF-16LE switches to it (as csv-parse). */
  private start(head: Buffer): string {
    let bytes = head;
    let encoding: "utf8" | "utf16le" = "utf8";
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    else if (bytes[0] === 0xff && bytes[1] === 0xfe) {
      encoding = "utf16le";
      bytes = bytes.subarray(2);
    }
    this.decoder = new StringDecoder(encoding);
    return this.decoder.write(bytes);
  }

  private read(s: string, final: boolean): string[] {
    const out: string[] = [];
    let i = 0;
    for (;;) {
      const r = scanRecord(s, i, final);
      if (r === null) break;
      if (r.record) out.push(s.slice(i, r.end));
      i = r.next;
      if (i >= s.length && final) break;
    }
    this.rest = s.slice(i);
    return out;
  }
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/**
 * The cells of the one record in `line` from `from` on, read as if the file ended there: a record's text
 * from CsvRecordTexts gives the record back ([] for an empty line).
 */
export function readCsvLine(line: string, from = 0): string[] {
  const len = line.length;
  const record: string[] = [];
  let i = from;
  for (;;) {
    // ---- one field, starting at i
    if (i >= len) {
      // The end after a comma: one more, empty field. At the very start: no record.
      if (record.length) record.push("");
      return record;
    }
    let c = line.charCodeAt(i);
    let field: string;
    if (c === QUOTE) {
      // Quoted: up to the quote that closes it; "" inside is a quote.
      const q = closingQuote(line, i + 1, true)!;
      const quoted = line.slice(i + 1, q);
      const value = quoted.includes('""') ? quoted.replaceAll('""', '"') : quoted;
      const n = q + 1 < len ? line.charCodeAt(q + 1) : -1;
      i = q + 1;
      if (n === -1 || n === COMMA || n === LF || n === CR) {
        field = value;
      } else {
        // A quote followed by text: the field goes on unquoted, and both quotes are kept, except
        // before a NUL character (csv-parse takes a NUL for the end of its input there).
        const tail = unquotedEnd(line, i);
        field = n === 0 ? value + line.slice(i, tail) : `"${value}"${line.slice(i, tail)}`;
        i = tail;
      }
      if (i >= len) {
        record.push(field);
        return record;
      }
      c = line.charCodeAt(i);
    } else {
      const end = unquotedEnd(line, i);
      field = line.slice(i, end);
      if (end >= len) {
        record.push(field);
        return record;
      }
      i = end;
      c = line.charCodeAt(i);
      if ((c === LF || c === CR) && !record.length && field === "") return []; // an empty line
    }
    // ---- after the field: a comma, or the record's end
    record.push(field);
    if (c !== COMMA) return record;
    i++;
  }
}

/**
 * The quote that closes a quoted field whose text starts at `from` (a quote followed by another is one
 * quote of the text); null when what follows may decide and more text may come (`final` false).
 */
function closingQuote(s: string, from: number, final: boolean): number | null {
  for (;;) {
    const q = s.indexOf('"', from);
    if (q < 0) {
      if (!final) return null;
      throw new CsvError("CSV_QUOTE_NOT_CLOSED", "Quote Not Closed: the parsing is finished with an opening quote");
    }
    if (q + 1 >= s.length && !final) return null;
    if (s.charCodeAt(q + 1) !== QUOTE) return q;
    from = q + 2;
  }
}

/**
 * Where the record from `start` is: whether it is one (false for a skipped empty line), where its text
 * ends and where the next one starts; null when more may come (`final` false). It follows readCsvLine's
 * branches without making cells.
 */
function scanRecord(s: string, start: number, final: boolean): { record: boolean; end: number; next: number } | null {
  const len = s.length;
  let fields = 0;
  let i = start;
  for (;;) {
    if (i >= len) {
      if (!final) return null;
      return { record: fields > 0, end: len, next: len };
    }
    let c = s.charCodeAt(i);
    if (c === QUOTE) {
      const q = closingQuote(s, i + 1, final);
      if (q === null) return null;
      // A quote followed by text: the field goes on unquoted up to a comma or line end.
      i = unquotedEnd(s, q + 1);
      if (i >= len) {
        if (!final) return null;
        return { record: true, end: len, next: len };
      }
      c = s.charCodeAt(i);
    } else {
      const end = unquotedEnd(s, i);
      if (end >= len) {
        if (!final) return null;
        return { record: true, end: len, next: len };
      }
      const empty = end === i;
      i = end;
      c = s.charCodeAt(i);
      if (c === CR && i + 1 >= len && !final) return null;
      if ((c === LF || c === CR) && !fields && empty) {
        const next = c === CR && s.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
        return { record: false, end: i, next };
      }
    }
    fields++;
    if (c === COMMA) {
      i++;
      continue;
    }
    if (c === CR && i + 1 >= len && !final) return null;
    const next = c === CR && s.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
    return { record: true, end: i, next };
  }
}

/** Where an unquoted field that starts (or goes on) at `i` ends: the next comma or line end (quotes are text). */
function unquotedEnd(s: string, i: number): number {
  const len = s.length;
  for (; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c === COMMA || c === LF || c === CR) return i;
  }
  return len;
}
