import { parse } from 'csv-parse';
import { parsedInSlices } from '@infra/platform';

/** A spreadsheet runs a cell starting with one of these as a formula, or skips a tab or CR to one (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell the product writes: formula starts neutralised with `'`, quoted when it holds `,`, `"` or a newline. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line of cells (no line end). */
const csvLine = (row: readonly string[]) => row.map(csvCell).join(',');

/** CSV text of rows (CRLF line ends, as spreadsheets write them). */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${csvLine(row)}\r\n`).join('');
}

/**
 * A stored file as the product serves it: every cell written again through `csvCell`, so a formula uploaded in a
 * past import is text when the file is opened. Parsed in slices (a 10 MiB file must not hold the event loop); a file
 * that is not valid CSV (the import refused it) is cut at commas and line ends, as it reads.
 */
export async function formulaSafeCsv(content: Buffer): Promise<string> {
  const lines: string[] = [];
  try {
    const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
    for await (const row of parsedInSlices<string[]>(parser, content)) lines.push(`${csvLine(row)}\r\n`);
  } catch {
    lines.length = 0;
    for (const line of content.toString('utf8').split(/\r?\n/))
      if (line !== '') lines.push(`${csvLine(line.split(','))}\r\n`);
  }
  return lines.join('');
}
