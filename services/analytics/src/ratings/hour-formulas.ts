/**
 * What one sample (one asset-hour) contributes, each quantity defined once, in SQL that every rollup, analysis and
 * measurement takes from here so that no two paths can disagree; hour risk also in TypeScript (`ratingsOf`). In the
 * SQL, `sample` is a telemetry_samples row and `asset` its asset (aliases, `s` and `a` unless named); `max` is the
 * organization's upper CPU threshold.
 */
import { raw, sql, type Sql } from '@infra/platform';

/** r(h): 0 at or under max, else 0.5 + 0.5 × min(1, (u − max)/(100 − max)). */
export function hourRisk(cpuUtil: number, max: number): number {
  if (cpuUtil <= max) return 0;
  return 0.5 + 0.5 * Math.min(1, (cpuUtil - max) / (100 - max));
}

/**
 * `hourRisk` in SQL (a max of 100 takes no hour over it, so its division never runs). `max` is read as `real`, the
 * type of cpu_util, so the arithmetic is the samples' own.
 */
export const hourRiskSql = (max: number, sample: Sql = raw('s')): Sql =>
  sql`CASE WHEN ${sample}.cpu_util <= ${max}::real THEN 0
        ELSE 0.5 + 0.5 * least(1, (${sample}.cpu_util - ${max}::real) / nullif(100 - ${max}::real, 0)) END`;

/**
 * Where the hour's CPU sits against the organization's band `[min, max]`: in it, over it or under it (the thresholds
 * read as `real`, the type of cpu_util, as in `hourRiskSql`). Each a condition, to count with `FILTER (WHERE …)`.
 */
export function bandSql({ min, max }: { min: number; max: number }, sample: Sql = raw('s')) {
  const [low, high] = [sql`${min}::real`, sql`${max}::real`];
  return {
    inBand: sql`${sample}.cpu_util >= ${low} AND ${sample}.cpu_util <= ${high}`,
    overMax: sql`${sample}.cpu_util > ${high}`,
    belowMin: sql`${sample}.cpu_util < ${low}`,
  };
}

/**
 * The hour's price: the cost reported with the sample, else the asset's list price; null when neither is known. The
 * reported cost is read as float8: `coalesce(cost, cost_per_hour)` would take the list price's `real` and keep 7
 * digits of every sum.
 */
export const hourCostSql = (sample: Sql = raw('s'), asset: Sql = raw('a')): Sql =>
  sql`coalesce(${sample}.cost::float8, ${asset}.cost_per_hour)`;

/** Idle cost of the hour: its price × the share of the CPU left unused, (1 − u/100); null when it has no price. */
export const idleCostSql = (sample: Sql = raw('s'), asset: Sql = raw('a')): Sql =>
  sql`${hourCostSql(sample, asset)} * (1 - ${sample}.cpu_util / 100.0)`;
