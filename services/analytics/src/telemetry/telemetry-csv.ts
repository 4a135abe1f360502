import { parse } from 'csv-parse/sync';
import { TELEMETRY_FIELDS, type TelemetryField } from '@infra/contracts';

/** CSV samples as the validator takes them, and each sample's line in the file. */
export interface CsvSamples {
  samples: Record<string, unknown>[];
  lines: number[];
}

type CsvRecord = { record: string[]; info: { lines: number } };

const TEXT_FIELDS = new Set<TelemetryField>(['assetId', 'externalId', 'hour']);
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A cell as JSON would carry it: empty is absent, a number column's numeric text a number (else left as text). */
function cellValue(field: TelemetryField, cell: string): unknown {
  const text = cell.trim();
  if (text === '') return undefined;
  if (TEXT_FIELDS.has(field)) return text;
  return NUMBER.test(text) ? Number(text) : text;
}

/**
 * Reads a CSV body whose header names sample fields (any order, a subset). Throws a message for a body that is not
 * CSV or whose header is wrong: the call is refused as a whole (400), unlike a bad sample.
 */
export function readCsvSamples(text: string): CsvSamples {
  let records: CsvRecord[];
  try {
    // With `info`, each record comes with its position (the typings do not follow the option).
    records = parse(text, { bom: true, info: true, skip_empty_lines: true }) as unknown as CsvRecord[];
  } catch (error) {
    throw new Error(`The CSV body cannot be read: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new Error('The CSV body needs a header line.');
  const header = records[0].record.map((name) => name.trim());
  const unknown = header.filter((name) => !(TELEMETRY_FIELDS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`The CSV header names unknown fields: ${unknown.join(', ')}.`);
  if (new Set(header).size !== header.length) throw new Error('The CSV header repeats a field.');
  const fields = header as TelemetryField[];
  const samples: Record<string, unknown>[] = [];
  const lines: number[] = [];
  for (const { record, info } of records.slice(1)) {
    const sample: Record<string, unknown> = {};
    fields.forEach((field, column) => {
      const value = cellValue(field, record[column]);
      if (value !== undefined) sample[field] = value;
    });
    samples.push(sample);
    lines.push(info.lines);
  }
  return { samples, lines };
}
