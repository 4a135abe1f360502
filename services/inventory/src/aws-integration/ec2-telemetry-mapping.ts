import type { MetricDataResult } from '@aws-sdk/client-cloudwatch';
import type { ResultByTime } from '@aws-sdk/client-cost-explorer';
import type { CollectedTelemetrySample } from '@infra/contracts';

export const HOUR_MS = 3_600_000;
/**
 * How far back a first run reaches. Cost Explorer keeps hourly, resource-level data 14 days (it refuses an earlier
 * start); CloudWatch's hourly averages are read over the same hours.
 */
export const LOOKBACK_HOURS = 14 * 24;
/**
 * Cost Explorer's hourly costs arrive late (it refreshes a few times a day): each run asks again for the hours of
 * the last two days, whose re-sent samples replace the stored ones, now with their costs.
 */
export const COST_SETTLE_HOURS = 48;

/** The hours a run asks for, as epoch milliseconds of UTC hour starts: `[start, end)`. */
export interface TelemetryWindow {
  /** The first hour asked for: the settling hours before `newFrom` are asked again. */
  start: number;
  /** The first hour no earlier run collected. */
  newFrom: number;
  /** The current hour, not over yet: the first hour not asked for. */
  end: number;
}

/** `collectedThrough`: where the previous run stopped (undefined on the first run). */
export function telemetryWindow(now: number, collectedThrough: string | undefined): TelemetryWindow {
  const end = Math.floor(now / HOUR_MS) * HOUR_MS;
  // Rounded up: Cost Explorer refuses a start even minutes before its 14 days.
  const earliest = Math.ceil(now / HOUR_MS - LOOKBACK_HOURS) * HOUR_MS;
  const previous = collectedThrough === undefined ? Number.NaN : Date.parse(collectedThrough);
  const newFrom = Number.isNaN(previous) ? earliest : Math.min(end, Math.max(earliest, previous));
  const start = Math.max(earliest, Math.min(newFrom, end - COST_SETTLE_HOURS * HOUR_MS));
  return { start, newFrom, end };
}

/** Values by hour (epoch milliseconds). */
export type Hourly = Map<number, number>;

const hourOf = (time: number): number => Math.floor(time / HOUR_MS) * HOUR_MS;

/** A CloudWatch percentage to the hundredth, within 0–100 (the agent can report a hair over 100). */
export function percent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value * 100) / 100));
}

/** Adds the datapoints of one GetMetricData page to `into`, by query id (a query's datapoints can span pages). */
export function addDatapoints(into: Map<string, Hourly>, results: readonly MetricDataResult[]): void {
  for (const { Id: id, Timestamps: times = [], Values: values = [] } of results) {
    if (!id) continue;
    let hourly = into.get(id);
    if (!hourly) into.set(id, (hourly = new Map()));
    times.forEach((time, index) => {
      const value = values[index];
      if (Number.isFinite(value)) hourly.set(hourOf(time.getTime()), value);
    });
  }
}

/**
 * Adds one page of Cost Explorer's hourly costs grouped by resource to `into` (resource id → hour → UnblendedCost);
 * returns how many it left out because they cannot be a sample's cost (below zero, or not a number).
 */
export function addCosts(into: Map<string, Hourly>, results: readonly ResultByTime[]): number {
  let left = 0;
  for (const result of results) {
    const hour = Date.parse(result.TimePeriod?.Start ?? '');
    if (Number.isNaN(hour)) continue;
    for (const group of result.Groups ?? []) {
      const resource = group.Keys?.[0];
      const amount = Number(group.Metrics?.UnblendedCost?.Amount);
      if (!resource) continue;
      if (!Number.isFinite(amount) || amount < 0) {
        left += 1;
        continue;
      }
      let hourly = into.get(resource);
      if (!hourly) into.set(resource, (hourly = new Map()));
      hourly.set(hourOf(hour), amount);
    }
  }
  return left;
}

/** GetMetricData query ids of the instance at `index` of a batch (a letter first, as CloudWatch requires). */
export const cpuQueryId = (index: number): string => `cpu${index}`;
export const memoryQueryId = (index: number): string => `mem${index}`;

/**
 * The samples of a batch of instances: one per hour with a CPU average, with the instance's memory and cost of that
 * hour when there are. The costs used are taken out of `costs`: what stays there had no CPU sample to go with.
 */
export function toSamples(
  instanceIds: readonly string[],
  datapoints: ReadonlyMap<string, Hourly>,
  costs: Map<string, Hourly> | undefined,
): CollectedTelemetrySample[] {
  const samples: CollectedTelemetrySample[] = [];
  instanceIds.forEach((externalId, index) => {
    const cpu = datapoints.get(cpuQueryId(index));
    if (!cpu) return;
    const memory = datapoints.get(memoryQueryId(index));
    const cost = costs?.get(externalId);
    for (const hour of [...cpu.keys()].sort((a, b) => a - b)) {
      const memUtil = memory?.get(hour);
      const hourCost = cost?.get(hour);
      cost?.delete(hour);
      samples.push({
        externalId,
        hour: new Date(hour).toISOString(),
        cpuUtil: percent(cpu.get(hour)!),
        ...(memUtil === undefined ? {} : { memUtil: percent(memUtil) }),
        ...(hourCost === undefined ? {} : { cost: hourCost }),
      });
    }
    if (cost?.size === 0) costs?.delete(externalId);
  });
  return samples;
}
