import Papa from "papaparse";
import { DONOR_MESSAGES } from "@cultivate/shared";

export const CSV_PREVIEW_ROWS = 5;

/**
 * docs/RULES.md, Import asks for a CSV file (text/csv). Browsers on Windows report CSV files as
 * application/vnd.ms-excel and some report no type at all, so a .csv name is accepted too.
 */
export function isCsvFile(file: File): boolean {
  if (file.type === "text/csv") return true;
  const csvName = /\.csv$/i.test(file.name);
  return csvName && (file.type === "" || file.type === "application/vnd.ms-excel" || file.type === "application/csv");
}

export interface CsvPreview {
  headers: string[];
  /** The first five data rows, keyed by header. */
  rows: Record<string, string>[];
  /** Every data row (empty lines skipped). */
  rowCount: number;
}

export type CsvReadResult = { ok: true; preview: CsvPreview } | { ok: false; message: string };

/**
 * Parses the whole file once with a header row and empty lines skipped, keeping only the first
 * five rows in memory (an export can be 65 MB). Quote or delimiter errors fail the file; rows with
 * a wrong number of fields are left to the server, which reports them by row.
 */
export function readCsv(file: File): Promise<CsvReadResult> {
  return new Promise((resolve) => {
    const rows: Record<string, string>[] = [];
    let headers: string[] = [];
    let rowCount = 0;
    let fatal = false;
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: true,
      step: (result, parser) => {
        if (result.errors.some((e) => e.type === "Quotes" || e.type === "Delimiter")) {
          fatal = true;
          parser.abort();
          return;
        }
        if (!headers.length) headers = (result.meta.fields ?? []).filter((h) => h.trim() !== "");
        rowCount += 1;
        if (rows.length < CSV_PREVIEW_ROWS) rows.push(result.data);
      },
      complete: (result) => {
        if (fatal) return resolve({ ok: false, message: DONOR_MESSAGES.parseError });
        if (!headers.length) headers = (result?.meta?.fields ?? []).filter((h) => h.trim() !== "");
        if (rowCount === 0 || headers.length === 0) return resolve({ ok: false, message: DONOR_MESSAGES.emptyCsv });
        resolve({ ok: true, preview: { headers, rows, rowCount } });
      },
      error: (error) => resolve({ ok: false, message: DONOR_MESSAGES.readError(error.message) }),
    });
  });
}
