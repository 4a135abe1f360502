import { isUtf8 } from 'node:buffer';
import { parse } from 'csv-parse';
import {
  type ImportIssueDto,
  LIMITS,
  MESSAGES,
  TAG_IMPORT_ASSETS_COLUMN,
  TAG_IMPORT_COLUMNS,
  TAGGING_LIMITS,
} from '@infra/contracts';
import { parsedInSlices } from '@infra/platform';
import { ImportIssues } from './import-issues';

/** An external id is named in an issue up to this length (a 10 MiB cell must not make a 10 MiB issue). */
const SHOWN_ID_MAX = 100;

function shown(externalId: string): string {
  if (externalId.length <= SHOWN_ID_MAX) return externalId;
  // Never cut a character in half (a lone surrogate is not valid UTF-8 in the answer).
  return `${externalId.slice(0, SHOWN_ID_MAX).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/** Texts of the import issues the spec does not word (§8 has the file-level ones). */
export const IMPORT_ISSUES = {
  notCsv: 'Only .csv files can be imported.',
  notCsvText: 'The file is not valid CSV: check its quotes.',
  tooManyColumns: 'This line has more columns than the header.',
  tooManyAssets: `At most ${TAGGING_LIMITS.assetsPerImportRowMax} assets per line.`,
  unknownAsset: (externalId: string) => `Asset ${shown(externalId)} was not found in this organization.`,
  nulByte: 'This line holds a NUL byte: the file is not text. Save it as CSV (UTF-8) and upload it again.',
  notUtf8: 'This line is not UTF-8 text. Save the file as CSV (UTF-8) and upload it again.',
  fileChanged: 'The file was replaced after the import started: import it again.',
} as const;

/** One tag line of an import file; `line` is where the record starts in the user's editor (header = 1). */
export interface ImportRecord {
  line: number;
  key: string;
  value: string;
  description: string;
  /** Asset external ids of the `assets` cell, each once. */
  assets: string[];
  /** The line has more cells than the header. */
  extraColumns?: true;
}

/** What reading a file gave: its records, or the file-level problem (with the §8 message) that stops validation. */
export type ParsedImportFile =
  { ok: true; records: ImportRecord[] } | { ok: false; message: string; issues: ImportIssues };

const fileProblem = (message: string, issue: ImportIssueDto): ParsedImportFile => ({
  ok: false,
  message,
  issues: ImportIssues.of(issue),
});

/**
 * Lines that are not text, numbered as an editor does: a NUL byte (a binary file, or UTF-16) or bytes that are not
 * UTF-8. Such a file stops here: PostgreSQL refuses NUL in text, and a replacement character is not what was meant.
 */
export function encodingIssues(content: Buffer): ImportIssues | undefined {
  if (!content.includes(0) && isUtf8(content)) return undefined;
  const issues = new ImportIssues();
  // A UTF-8 sequence never holds the byte \n, so each line can be checked alone.
  for (let start = 0, line = 1; start < content.length; line += 1) {
    const newline = content.indexOf(0x0a, start);
    const end = newline === -1 ? content.length : newline;
    const bytes = content.subarray(start, end);
    if (bytes.includes(0)) issues.add({ lineNumber: line, dataField: 'file', issue: IMPORT_ISSUES.nulByte });
    else if (!isUtf8(bytes)) issues.add({ lineNumber: line, dataField: 'file', issue: IMPORT_ISSUES.notUtf8 });
    start = end + 1;
  }
  return issues;
}

export const isCsvName = (fileName: string) => /\.csv$/i.test(fileName);

/** The answer for a file whose name does not end in .csv (spec §5: only .csv). */
export const notCsvFile = (): ParsedImportFile =>
  fileProblem(MESSAGES.importHasIssues, { lineNumber: 0, dataField: 'file', issue: IMPORT_ISSUES.notCsv });

/** Expected header: key,value,description and optionally assets (names compared without case and spaces). */
function headerHasAssets(cells: readonly string[]): boolean | undefined {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const base = TAG_IMPORT_COLUMNS.every((column, index) => names[index] === column);
  if (!base) return undefined;
  if (names.length === TAG_IMPORT_COLUMNS.length) return false;
  if (names.length === TAG_IMPORT_COLUMNS.length + 1 && names[3] === TAG_IMPORT_ASSETS_COLUMN) return true;
  return undefined;
}

const newlinesIn = (cells: readonly string[]) => cells.reduce((count, cell) => count + cell.split('\n').length - 1, 0);

/**
 * Reads an import file as spreadsheets write it (UTF-8 with or without BOM, CRLF or LF, quoted fields, blank
 * lines) with a streaming parser. Records are not validated here beyond their shape.
 */
export async function readImportFile(fileName: string, content: Buffer): Promise<ParsedImportFile> {
  if (!isCsvName(fileName)) return notCsvFile();
  const headerProblem = fileProblem(MESSAGES.importHeaderMissing, {
    lineNumber: 1,
    dataField: 'header',
    issue: MESSAGES.importHeaderMissing,
  });
  const notText = encodingIssues(content);
  if (notText) return { ok: false, message: MESSAGES.importHasIssues, issues: notText };
  const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true });
  const records: ImportRecord[] = [];
  let hasAssets: boolean | undefined;
  let headerSeen = false;
  try {
    // A slice at a time: a file read whole held the service's event loop for its whole parse.
    for await (const { record, info } of parsedInSlices<{ record: string[]; info: { lines: number } }>(
      parser,
      content,
    )) {
      // info.lines is the record's last line; a quoted field with line breaks starts it further up.
      const line = info.lines - newlinesIn(record);
      if (!headerSeen) {
        headerSeen = true;
        hasAssets = headerHasAssets(record);
        if (hasAssets === undefined) return headerProblem;
        continue;
      }
      // Spreadsheets write `,,,` for a row left blank.
      if (record.every((cell) => cell.trim() === '')) continue;
      if (records.length === LIMITS.tagImportMaxRows) {
        return fileProblem(MESSAGES.importTooMany, {
          lineNumber: line,
          dataField: 'file',
          issue: MESSAGES.importTooMany,
        });
      }
      const width = hasAssets ? TAG_IMPORT_COLUMNS.length + 1 : TAG_IMPORT_COLUMNS.length;
      const [key = '', value = '', description = '', assets = ''] = record;
      records.push({
        ...(record.length > width ? { extraColumns: true } : {}),
        line,
        key,
        value,
        description,
        assets: hasAssets
          ? [
              ...new Set(
                assets
                  .split('|')
                  .map((id) => id.trim())
                  .filter((id) => id !== ''),
              ),
            ]
          : [],
      });
    }
  } catch (error) {
    // The parser may fail before it hands over the records it read: its error names the line.
    const at = (error as { lines?: number }).lines ?? 1;
    if (at <= 1) return headerProblem;
    return fileProblem(MESSAGES.importHasIssues, {
      lineNumber: at,
      dataField: 'file',
      issue: IMPORT_ISSUES.notCsvText,
    });
  }
  if (!headerSeen) return headerProblem;
  if (records.length === 0)
    return fileProblem(MESSAGES.importNoTags, { lineNumber: 2, dataField: 'file', issue: MESSAGES.importNoTags });
  return { ok: true, records };
}
