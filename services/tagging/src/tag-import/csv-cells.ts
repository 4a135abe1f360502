import { parse } from 'csv-parse';
import { csvLine, parsedInSlices } from '@infra/platform';

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
