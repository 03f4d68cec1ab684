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
        // Plain run up to the next delimiter, line end or quote.
        let j = i + 1;
        while (j < n) {
          const d = chunk.charCodeAt(j);
          if (d === 44 || d === 10 || d === 13 || d === 34) break;
          j++;
        }
        if (j < n && chunk.charCodeAt(j) === 34 && j === i) j++; // a stray quote mid-field is kept literally
        this.field += chunk.slice(i, j === i ? i + 1 : j);
        i = j === i ? i + 1 : j;
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

  private endRow(out: string[][]) {
    this.row.push(this.field);
    const blank = !this.fieldQuoted && this.row.length === 1 && this.row[0]!.trim() === "";
    if (!blank) out.push(this.row);
    this.row = [];
    this.field = "";
    this.fieldQuoted = false;
  }
}
