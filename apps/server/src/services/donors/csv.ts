/**
 * A streaming RFC 4180 CSV parser: push text chunks, get complete records back. Memory stays
 * at one record plus one chunk, so a 65 MB file is never held whole. Quoted fields may hold
 * commas, quotes ("") and line breaks; CRLF, LF and CR line ends; blank lines are skipped
 * (Papa Parse's skipEmptyLines). A quote left open at the end is a format error.
 */
export class CsvFormatError extends Error {}

export class CsvParser {
  private field = "";
  private row: string[] = [];
  private inQuotes = false;
  private quotePending = false;
  private skipLf = false;
  private fieldQuoted = false;

  push(chunk: string): string[][] {
    const out: string[][] = [];
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.inQuotes) {
        if (this.quotePending) {
          this.quotePending = false;
          if (chunk.charCodeAt(i) === 34) {
            this.field += '"';
            i++;
            continue;
          }
          this.inQuotes = false;
          continue; // re-read this character outside the quotes
        }
        const q = chunk.indexOf('"', i);
        if (q < 0) {
          this.field += chunk.slice(i);
          i = n;
        } else {
          this.field += chunk.slice(i, q);
          this.quotePending = true;
          i = q + 1;
        }
        continue;
      }
      const c = chunk.charCodeAt(i);
      if (this.skipLf) {
        this.skipLf = false;
        if (c === 10) {
          i++;
          continue;
        }
      }
      if (c === 44) {
        this.row.push(this.field);
        this.field = "";
        this.fieldQuoted = false;
        i++;
      } else if (c === 10 || c === 13) {
        this.endRow(out);
        if (c === 13) this.skipLf = true;
        i++;
      } else if (c === 34 && this.field === "" && !this.fieldQuoted) {
        this.inQuotes = true;
        this.fieldQuoted = true;
        i++;
      } else {
        const j = plainRunEnd(chunk, i);
        this.field += chunk.slice(i, j);
        i = j;
      }
    }
    return out;
  }

  /** Flushes the last record; throws CsvFormatError when a quoted field was never closed. */
  end(): string[][] {
    if (this.inQuotes && !this.quotePending) throw new CsvFormatError("unterminated quoted field");
    this.inQuotes = false;
    this.quotePending = false;
    const out: string[][] = [];
    if (this.field !== "" || this.row.length > 0 || this.fieldQuoted) this.endRow(out);
    return out;
  }

  /**
   * A counter that continues from this parser's state: it counts the remaining records exactly as
   * push/end would return them, without building a single string (used to count an upload's rows).
   */
  toCounter(): CsvRecordCounter {
    return new CsvRecordCounter({
      inQuotes: this.inQuotes,
      quotePending: this.quotePending,
      skipLf: this.skipLf,
      fieldQuoted: this.fieldQuoted,
      fieldEmpty: this.field === "",
      fieldBlank: this.field.trim() === "",
      rowHasCells: this.row.length > 0,
    });
  }

  private endRow(out: string[][]) {
    this.row.push(this.field);
    const blank = !this.fieldQuoted && this.row.length === 1 && this.row[0]!.trim() === "";
    if (!blank) out.push(this.row);
    this.row = [];
    this.field = "";
    this.fieldQuoted = false;
  }
}

/**
 * Where a run of plain field text starting at `i` ends: at the next comma, line end or quote. The
 * character at `i` always belongs to the run, so a stray quote mid-field is kept literally.
 */
function plainRunEnd(chunk: string, i: number): number {
  let j = i + 1;
  while (j < chunk.length) {
    const d = chunk.charCodeAt(j);
    if (d === 44 || d === 10 || d === 13 || d === 34) break;
    j++;
  }
  return j;
}

/** String.prototype.trim's whitespace (WhiteSpace and LineTerminator). */
const isTrimSpace = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  c === 160 ||
  c === 5760 ||
  (c >= 8192 && c <= 8202) ||
  c === 8232 ||
  c === 8233 ||
  c === 8239 ||
  c === 8287 ||
  c === 12288 ||
  c === 65279;

type CounterState = {
  inQuotes: boolean;
  quotePending: boolean;
  skipLf: boolean;
  fieldQuoted: boolean;
  /** The current field has no characters yet (the parser's `field === ""`). */
  fieldEmpty: boolean;
  /** The current field is only whitespace so far (the parser's `field.trim() === ""`). */
  fieldBlank: boolean;
  /** The current record already has a completed cell (a comma was read). */
  rowHasCells: boolean;
};

/** CsvParser's state machine, counting records instead of building them (same quoting and blank-line rules). */
export class CsvRecordCounter {
  records = 0;

  constructor(private s: CounterState) {}

  push(chunk: string) {
    const s = this.s;
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (s.inQuotes) {
        if (s.quotePending) {
          s.quotePending = false;
          if (chunk.charCodeAt(i) === 34) {
            i++;
            continue;
          }
          s.inQuotes = false;
          continue;
        }
        const q = chunk.indexOf('"', i);
        if (q < 0) i = n;
        else {
          s.quotePending = true;
          i = q + 1;
        }
        continue;
      }
      const c = chunk.charCodeAt(i);
      if (s.skipLf) {
        s.skipLf = false;
        if (c === 10) {
          i++;
          continue;
        }
      }
      if (c === 44) {
        s.rowHasCells = true;
        s.fieldEmpty = s.fieldBlank = true;
        s.fieldQuoted = false;
        i++;
      } else if (c === 10 || c === 13) {
        this.endRow();
        if (c === 13) s.skipLf = true;
        i++;
      } else if (c === 34 && s.fieldEmpty && !s.fieldQuoted) {
        s.inQuotes = s.fieldQuoted = true;
        i++;
      } else {
        const end = plainRunEnd(chunk, i);
        s.fieldEmpty = false;
        for (let k = i; s.fieldBlank && k < end; k++) if (!isTrimSpace(chunk.charCodeAt(k))) s.fieldBlank = false;
        i = end;
      }
    }
  }

  /** Counts the last record; throws CsvFormatError when a quoted field was never closed. */
  end() {
    const s = this.s;
    if (s.inQuotes && !s.quotePending) throw new CsvFormatError("unterminated quoted field");
    s.inQuotes = s.quotePending = false;
    if (!s.fieldEmpty || s.rowHasCells || s.fieldQuoted) this.endRow();
  }

  private endRow() {
    const s = this.s;
    if (!(!s.fieldQuoted && !s.rowHasCells && s.fieldBlank)) this.records++;
    s.rowHasCells = s.fieldQuoted = false;
    s.fieldEmpty = s.fieldBlank = true;
  }
}
