import { raw, sql, type Sql } from '@infra/platform';
import { bandSql, hourCostSql, hourRiskSql, idleCostSql } from '../ratings/hour-formulas';
import type { Thresholds } from '../rollups/rollups.repository';

/*
 * SQL fragments of the period sums that the analyses (AnalysesRepository) and the kept sums (PeriodsRepository)
 * share: an asset's sums over a span, their columns, and the unit cost read from them.
 */

/**
 * An asset's unit cost over a period ($ per WCU-hour) from its period sums `p` and the asset `a`, defined where
 * PERIOD_UNIT_COST_DEFINED holds: the comparison's live read and the unit costs kept by site and instance type
 * (PeriodsRepository) compute it alike, so that both give the same medians.
 */
export const PERIOD_UNIT_COST = raw('(p.cost / (a.wcu * p.priced_hours))::float8');
export const PERIOD_UNIT_COST_DEFINED = raw('a.wcu > 0 AND p.priced_hours > 0');

/**
 * Whether the unit costs kept for window `w` (period_windows) are current: built from its sums' version and from the
 * organization's assets' version `v` (unit_cost_asset_versions, LEFT JOINed: none yet is version 0). Never null.
 */
export const KEPT_UNIT_COSTS_CURRENT = raw(`(w.unit_costs_version, w.unit_costs_assets_version)
  IS NOT DISTINCT FROM (w.sums_version, coalesce(v.version, 0))`);

/** The ratings kept with a closed window's sums (the `previous-*` periods), rounded as the API shows them. */
export const CLOSED_RATING_COLUMNS = raw('infra_rating, risk, optimization, volatility, data_health');

/** The columns of one asset's sums, in the order of asset_periods. */
export const PERIOD_COLUMNS =
  raw(`asset_id, hours, cpu_sum, cpu_sq_sum, cpu_max, cpu_p95, mem_sum, mem_hours, mem_max, cost,
  cost_hours, priced_hours, idle_cost, in_band, over_max, below_min, risk_sum, last_hour`);

/**
 * Each asset's sums over `[start, end)` (PERIOD_COLUMNS; ISO instants, the start a date for the daily rollups): from
 * its daily rollups (`thresholds` null: their threshold counts were taken when rolled up), or from its samples with
 * the organization's `thresholds`. `condition` selects the assets on `a` (assets). Each asset's rows are read by key
 * through a fenced lateral (OFFSET 0): with statistics taken before a tenant's first load, a join was planned as a
 * loop over every sample probing the asset list, 25 s for a week of 1,000 assets.
 */
export function assetSumsSql(condition: Sql, start: string, end: string, thresholds: Thresholds | null): Sql {
  if (!thresholds)
    return sql`SELECT a.id AS asset_id, sum(d.hours) AS hours, sum(d.cpu_sum) AS cpu_sum, sum(d.cpu_sq_sum) AS cpu_sq_sum,
                  max(d.cpu_max) AS cpu_max,
                  percentile_disc(0.95) WITHIN GROUP (ORDER BY d.cpu_sum / d.hours) AS cpu_p95,
                  sum(d.mem_sum) AS mem_sum, sum(d.mem_hours) AS mem_hours, max(d.mem_max) AS mem_max,
                  sum(d.cost_sum) AS cost, sum(d.cost_hours) AS cost_hours, sum(d.priced_hours) AS priced_hours,
                  sum(d.idle_cost) AS idle_cost, sum(d.hours_in_band) AS in_band, sum(d.hours_over_max) AS over_max,
                  sum(d.hours_below_min) AS below_min, sum(d.risk_sum) AS risk_sum, max(d.last_hour) AS last_hour
             FROM assets a CROSS JOIN LATERAL (
                    SELECT * FROM asset_daily d WHERE d.organization_id = a.organization_id AND d.asset_id = a.id
                       AND d.day >= ${start}::date AND d.day < ${end}::timestamptz OFFSET 0) d
            WHERE ${condition}
            GROUP BY a.id`;
  // Utilizations are summed in float8 (a real sum loses the variance); sums of costs (numeric with real list prices)
  // are read as Node reads them, through their text. Hours in order: both sums come out the same on every read.
  const band = bandSql(thresholds);
  return sql`SELECT a.id AS asset_id, count(*) AS hours, sum(s.cpu_util::float8) AS cpu_sum,
                sum(s.cpu_util::float8 * s.cpu_util) AS cpu_sq_sum, max(s.cpu_util) AS cpu_max,
                percentile_disc(0.95) WITHIN GROUP (ORDER BY s.cpu_util) AS cpu_p95,
                coalesce(sum(s.mem_util::float8), 0) AS mem_sum, count(s.mem_util) AS mem_hours, max(s.mem_util) AS mem_max,
                coalesce(sum(${hourCostSql()}), 0)::text::float8 AS cost, count(s.cost) AS cost_hours,
                count(${hourCostSql()}) AS priced_hours,
                coalesce(sum(${idleCostSql()}), 0)::text::float8 AS idle_cost,
                count(*) FILTER (WHERE ${band.inBand}) AS in_band,
                count(*) FILTER (WHERE ${band.overMax}) AS over_max,
                count(*) FILTER (WHERE ${band.belowMin}) AS below_min,
                coalesce(sum(${hourRiskSql(thresholds.max)}), 0)::text::float8 AS risk_sum,
                max(s.hour) AS last_hour
           FROM assets a CROSS JOIN LATERAL (
                  SELECT * FROM telemetry_samples s WHERE s.organization_id = a.organization_id AND s.asset_id = a.id
                     AND s.hour >= ${start}::timestamptz AND s.hour < ${end}::timestamptz ORDER BY s.hour OFFSET 0) s
          WHERE ${condition}
          GROUP BY a.id`;
}
