import { parse } from 'csv-parse';
import { TELEMETRY_FIELDS, type TelemetryField } from '@infra/contracts';
import { parsedInSlices } from '@infra/platform';

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
 * CSV or whose header is wrong: the call is refused as a whole (400), unlike a bad sample. Parsed a slice at a time:
 * 50,000 rows took one second of the event loop in one piece.
 */
export async function readCsvSamples(text: Buffer | string): Promise<CsvSamples> {
  const parser = parse({ bom: true, info: true, skip_empty_lines: true });
  let fields: TelemetryField[] | undefined;
  const samples: Record<string, unknown>[] = [];
  const lines: number[] = [];
  try {
    for await (const { record, info } of parsedInSlices<CsvRecord>(parser, text)) {
      if (fields === undefined) {
        fields = fieldsOf(record);
        continue;
      }
      const sample: Record<string, unknown> = {};
      for (let column = 0; column < fields.length; column++) {
        const value = cellValue(fields[column], record[column]);
        if (value !== undefined) sample[fields[column]] = value;
      }
      samples.push(sample);
      lines.push(info.lines);
    }
  } catch (error) {
    if (error instanceof CsvHeaderError) throw error;
    throw new Error(`The CSV body cannot be read: ${(error as Error).message}`);
  }
  if (fields === undefined) throw new Error('The CSV body needs a header line.');
  return { samples, lines };
}

class CsvHeaderError extends Error {}

function fieldsOf(record: string[]): TelemetryField[] {
  const header = record.map((name) => name.trim());
  const unknown = header.filter((name) => !(TELEMETRY_FIELDS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new CsvHeaderError(`The CSV header names unknown fields: ${unknown.join(', ')}.`);
  if (new Set(header).size !== header.length) throw new CsvHeaderError('The CSV header repeats a field.');
  return header as TelemetryField[];
}
