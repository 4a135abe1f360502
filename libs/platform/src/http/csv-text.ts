/** A spreadsheet runs a cell starting with one of these as a formula, or skips a tab or CR to one (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell the product writes: formula starts neutralised with `'`, quoted when it holds `,`, `"` or a newline. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line of cells (no line end). */
export const csvLine = (row: readonly string[]) => row.map(csvCell).join(',');

/** CSV text of rows (CRLF line ends, as spreadsheets write them): every CSV the product serves is written by it. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${csvLine(row)}\r\n`).join('');
}
