import { ANALYTICS_LIMITS, isUuid, TELEMETRY_FIELDS, type TelemetryIssue } from '@infra/contracts';
import { forEachInSlices } from '@infra/platform';

/**
 * Validation of `POST telemetry` samples by hand: class-validator takes seconds for 50,000 objects, this a few
 * milliseconds. Pure (the clock is an argument) so each rule has its unit test.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
// eslint-disable-next-line no-control-regex -- the point: refuse control characters in ids
const CONTROL = /[\u0000-\u001f\u007f]/;
const EXTERNAL_ID_MAX = 500;
const KNOWN = new Set<string>(TELEMETRY_FIELDS);

/** The measured values of one asset-hour. */
export interface SampleValues {
  /** Epoch milliseconds of the UTC hour start. */
  hour: number;
  cpuUtil: number;
  memUtil: number | null;
  storageUtil: number | null;
  networkInBytes: number | null;
  networkOutBytes: number | null;
  cost: number | null;
}

/** A sample that passed every rule of its own; its asset is not resolved yet. */
export interface CheckedSample extends SampleValues {
  index: number;
  asset: { assetId: string } | { externalId: string };
}

export interface CheckedSamples {
  valid: CheckedSample[];
  rejected: TelemetryIssue[];
}

type Check<T> = { value: T } | { reason: string };

const absent = (value: unknown): boolean => value === undefined || value === null;

function utilization(value: unknown): Check<number> {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { reason: 'must be a number' };
  if (value < 0 || value > 100) return { reason: 'must be between 0 and 100' };
  return { value };
}

function byteCount(value: unknown): Check<number> {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { reason: 'must be a number' };
  if (!Number.isSafeInteger(value) || value < 0) return { reason: 'must be a whole number of bytes, 0 or more' };
  return { value };
}

function cost(value: unknown): Check<number> {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { reason: 'must be a number' };
  if (value < 0) return { reason: 'must be 0 or more' };
  return { value };
}

/** The hour's epoch milliseconds: an ISO 8601 instant on a UTC hour, from 400 days ago up to the current hour. */
export function checkHour(value: unknown, now: number): Check<number> {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return { reason: 'must be an ISO 8601 date and time' };
  const ms = Date.parse(value);
  // Date.parse rolls impossible dates over (February 30th): the date part must read back unchanged.
  if (Number.isNaN(ms) || (value.endsWith('Z') && new Date(ms).toISOString().slice(0, 10) !== value.slice(0, 10)))
    return { reason: 'must be an ISO 8601 date and time' };
  if (ms % HOUR_MS !== 0) return { reason: 'must be the start of a UTC hour' };
  const currentHour = Math.floor(now / HOUR_MS) * HOUR_MS;
  if (ms > currentHour) return { reason: 'is in the future' };
  if (ms < currentHour - ANALYTICS_LIMITS.telemetryMaxAgeDays * DAY_MS)
    return { reason: `is older than ${ANALYTICS_LIMITS.telemetryMaxAgeDays} days` };
  return { value: ms };
}

function checkAsset(sample: Record<string, unknown>): Check<CheckedSample['asset']> & { field?: string } {
  const { assetId, externalId } = sample;
  if (absent(assetId) === absent(externalId))
    return { field: 'assetId', reason: 'exactly one of assetId and externalId is required' };
  if (!absent(assetId)) {
    if (!isUuid(assetId)) return { field: 'assetId', reason: 'must be a UUID' };
    return { value: { assetId: assetId.toLowerCase() } };
  }
  if (typeof externalId !== 'string' || externalId.trim() === '' || externalId.length > EXTERNAL_ID_MAX)
    return { field: 'externalId', reason: `must be text of 1 to ${EXTERNAL_ID_MAX} characters` };
  if (CONTROL.test(externalId)) return { field: 'externalId', reason: 'must not contain control characters' };
  return { value: { externalId } };
}

const OPTIONAL_CHECKS = {
  memUtil: utilization,
  storageUtil: utilization,
  networkInBytes: byteCount,
  networkOutBytes: byteCount,
  cost,
} as const;
type OptionalField = keyof typeof OPTIONAL_CHECKS;
const OPTIONAL_FIELDS = Object.keys(OPTIONAL_CHECKS) as OptionalField[];

/**
 * Checks that depend only on a value and the call's clock, remembered per distinct text: a call of 50,000 samples
 * names a few hundred assets and hours, and the regular expressions and date parsing dominate otherwise.
 */
class CheckMemo {
  private readonly hours = new Map<string, Check<number>>();
  private readonly assets = new Map<string, ReturnType<typeof checkAsset>>();

  constructor(private readonly now: number) {}

  hour(value: unknown): Check<number> {
    if (typeof value !== 'string') return checkHour(value, this.now);
    let checked = this.hours.get(value);
    if (checked === undefined) this.hours.set(value, (checked = checkHour(value, this.now)));
    return checked;
  }

  /** Keyed by the one id given (assetId and externalId both or neither present: not remembered). */
  asset(record: Record<string, unknown>): ReturnType<typeof checkAsset> {
    const { assetId, externalId } = record;
    const key =
      typeof assetId === 'string' && absent(externalId)
        ? `a${assetId}`
        : typeof externalId === 'string' && absent(assetId)
          ? `e${externalId}`
          : undefined;
    if (key === undefined) return checkAsset(record);
    let checked = this.assets.get(key);
    if (checked === undefined) this.assets.set(key, (checked = checkAsset(record)));
    return checked;
  }
}

/** The first problem of one sample (one issue per sample: the caller fixes it and sends it again). */
function checkSample(sample: unknown, index: number, memo: CheckMemo): CheckedSample | TelemetryIssue {
  const issue = (field: string, reason: string): TelemetryIssue => ({ index, field, reason });
  if (typeof sample !== 'object' || sample === null || Array.isArray(sample))
    return issue('sample', 'must be an object');
  const record = sample as Record<string, unknown>;
  for (const key of Object.keys(record)) if (!KNOWN.has(key)) return issue(key, 'is not a sample field');
  const asset = memo.asset(record);
  if ('reason' in asset) return issue(asset.field ?? 'assetId', asset.reason);
  if (absent(record.hour)) return issue('hour', 'is required');
  const hour = memo.hour(record.hour);
  if ('reason' in hour) return issue('hour', hour.reason);
  if (absent(record.cpuUtil)) return issue('cpuUtil', 'is required');
  const cpuUtil = utilization(record.cpuUtil);
  if ('reason' in cpuUtil) return issue('cpuUtil', cpuUtil.reason);
  const checked: CheckedSample = {
    index,
    asset: asset.value,
    hour: hour.value,
    cpuUtil: cpuUtil.value,
    memUtil: null,
    storageUtil: null,
    networkInBytes: null,
    networkOutBytes: null,
    cost: null,
  };
  for (const field of OPTIONAL_FIELDS) {
    const value = record[field];
    if (absent(value)) continue;
    const optional = OPTIONAL_CHECKS[field](value);
    if ('reason' in optional) return issue(field, optional.reason);
    checked[field] = optional.value;
  }
  return checked;
}

/** Samples checked between two yields to the event loop (a few milliseconds on a slow core). */
const CHECK_SLICE = 2000;

/** Checks every sample on its own, a slice at a time; `now` is the clock (epoch milliseconds). */
export async function checkSamples(samples: readonly unknown[], now: number): Promise<CheckedSamples> {
  const result: CheckedSamples = { valid: [], rejected: [] };
  const memo = new CheckMemo(now);
  await forEachInSlices(samples, CHECK_SLICE, (sample, index) => {
    const checked = checkSample(sample, index, memo);
    if ('reason' in checked) result.rejected.push(checked);
    else result.valid.push(checked);
  });
  return result;
}

/**
 * Samples of one asset and hour repeated in a call: the last one wins, as a re-sent sample replaces the stored one,
 * and each earlier one comes back rejected, naming the sample that replaced it (nothing is dropped silently).
 */
export function keepLastPerAssetHour<T extends { index: number; hour: number }>(
  samples: readonly T[],
  assetOf: (sample: T) => string,
): { kept: T[]; replaced: TelemetryIssue[] } {
  // Per asset, then per hour (a number): no key text built per sample.
  const last = new Map<string, Map<number, T>>();
  let distinct = 0;
  for (const sample of samples) {
    const asset = assetOf(sample);
    let hours = last.get(asset);
    if (hours === undefined) last.set(asset, (hours = new Map()));
    const size = hours.size;
    hours.set(sample.hour, sample);
    distinct += hours.size - size;
  }
  if (distinct === samples.length) return { kept: [...samples], replaced: [] };
  const kept: T[] = [];
  const replaced: TelemetryIssue[] = [];
  for (const sample of samples) {
    const winner = last.get(assetOf(sample))!.get(sample.hour)!;
    if (winner === sample) kept.push(sample);
    else
      replaced.push({
        index: sample.index,
        field: 'hour',
        reason: `replaced by sample ${winner.index} (same asset and hour)`,
      });
  }
  return { kept, replaced };
}
