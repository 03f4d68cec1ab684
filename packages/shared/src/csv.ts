/**
 * CSV cells, the one rule for every CSV the app writes (the donor export, the actions export, the demo file).
 * Formula-injection guard (OWASP "CSV injection"): a cell starting with = + - @ tab or CR gets a leading
 * apostrophe, so a spreadsheet shows it instead of running it.
 */
export const neutralizeCsvCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** One CSV cell (RFC 4180): empty for null, neutralised, then quoted when it holds a comma, quote or line break. */
export const csvCell = (value: unknown): string => {
  if (value === null || value === undefined) return "";
  const s = neutralizeCsvCell(typeof value === "string" ? value : String(value));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** One CSV line: the cells joined by commas, ended by CRLF. */
export const csvLine = (cells: readonly unknown[]): string => `${cells.map(csvCell).join(",")}\r\n`;
