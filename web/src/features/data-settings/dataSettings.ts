import { CURRENCY_PATTERN, type TelemetrySourceFreshness } from '@infra/contracts';

/** Pure helpers of Admin → Data → Telemetry and Financial (unit-tested beside the pages). */

/** The sources the API names, with the translation key of their label; any other source shows as sent. */
export const SOURCE_KEYS: Record<string, string> = {
  api: 'dataSettings.telemetry.sources.api',
  'aws-cloudwatch': 'dataSettings.telemetry.sources.awsCloudwatch',
};

/**
 * The assets of the organization that never sent anything through `source`: the rest once those reporting and those
 * silent are counted. An asset that sent through the source and was deleted since still counts in the freshness, so
 * the difference is kept at 0 or more. (Across sources the counts do not add up: an asset may send through both.)
 */
export function neverReporting(
  assets: number,
  source: Pick<TelemetrySourceFreshness, 'assetsReporting' | 'assetsSilent'>,
) {
  return Math.max(0, assets - source.assetsReporting - source.assetsSilent);
}

/** Bytes as the limits are written: whole MiB (16 MiB), else KiB. */
export function mebibytes(bytes: number): { value: number; unit: 'MiB' | 'KiB' } {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? { value: mib, unit: 'MiB' } : { value: Math.round(bytes / 1024), unit: 'KiB' };
}

export type CurrencyError = 'required' | 'invalid';

/** The currency field: three capital letters (ISO 4217), as the API requires (CURRENCY_PATTERN). */
export function validateCurrency(value: string): CurrencyError | undefined {
  if (value.trim() === '') return 'required';
  return CURRENCY_PATTERN.test(value) ? undefined : 'invalid';
}

/** The start of the UTC hour before `now`, as the API's `hour` (an example that is neither future nor too old). */
export function exampleHour(now: Date): string {
  const hour = new Date(now.getTime() - 3_600_000);
  hour.setUTCMinutes(0, 0, 0);
  return hour.toISOString().replace('.000Z', 'Z');
}

export interface TelemetryExamples {
  json: string;
  csvFile: string;
  csv: string;
}

/** Copyable requests to `url` for the organization: JSON, and the same sample as a CSV file. */
export function telemetryExamples(url: string, organizationId: string, hour: string): TelemetryExamples {
  const headers = [`  -H 'Authorization: Bearer iak_…' \\`, `  -H 'organizationid: ${organizationId}' \\`];
  // One sample a line, so that the example reads (and edits) like the JSON it is.
  const samples = [
    { externalId: 'i-0abc1234def567890', hour, cpuUtil: 42.5, memUtil: 61.2, cost: 0.096 },
    { externalId: 'i-0fed9876cba543210', hour, cpuUtil: 7.25 },
  ];
  const json = [
    `curl -X POST '${url}' \\`,
    ...headers,
    `  -H 'content-type: application/json' \\`,
    `  --data '{"samples": [`,
    samples.map((sample) => `    ${JSON.stringify(sample)}`).join(',\n'),
    `  ]}'`,
  ].join('\n');
  const csvFile = [
    'externalId,hour,cpuUtil,memUtil,cost',
    `i-0abc1234def567890,${hour},42.5,61.2,0.096`,
    `i-0fed9876cba543210,${hour},7.25,,`,
  ].join('\n');
  const csv = [
    `curl -X POST '${url}' \\`,
    ...headers,
    `  -H 'content-type: text/csv' \\`,
    `  --data-binary @telemetry.csv`,
  ].join('\n');
  return { json, csvFile, csv };
}
