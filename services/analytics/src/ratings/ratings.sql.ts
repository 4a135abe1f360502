import { empty, join, raw, sql, type Sql } from '@infra/platform';
import { INFRA_RATING_WEIGHTS } from './ratings';

/**
 * `ratingsOf` (ratings.ts) in SQL, for the group analyses: thousands of assets are rated where their sums live and
 * only the group's answer leaves the database (moving 10,000 rows of sums to Node cost more than the 150 ms target).
 * The same IEEE double arithmetic in the same order as ratingsOf, on the values Node would read (a `real` column as
 * its text), so an asset rated here and one rated by ratingsOf agree to the last bit; group-analyses.int-spec.ts
 * compares the two on a random fleet.
 */

/** Math.round(value × 10) / 10, as oneDecimal. */
export const oneDecimalSql = (value: Sql): Sql => sql`(floor((${value}) * 10 + 0.5) / 10)`;

/**
 * A `real` column as Node reads it: through its text, like `Number(text)` (a plain cast to float8 gives other
 * digits). Only the `real` columns take it: it is the most expensive part of rating 10,000 assets.
 */
const asRead = (value: Sql): Sql => sql`(${value})::text::float8`;

/**
 * Rows of the target's assets with their sums (zeros where none) and, with `rate`, their ratings, over
 * `[start, end)`. `sums`: a relation with PERIOD_COLUMNS (float8 but for cpu_max, cpu_p95 and mem_max, see
 * assetSumsSql); `condition` selects the assets on `a`; `start`/`end` are the horizon's bounds in epoch milliseconds;
 * `closedPeriod` (a standard period's name) adds each asset's `previous_cost` and
 * `previous_rating` from that closed window's sums. The asset rows are fenced (OFFSET 0, see below): a caller that
 * joins the result with another relation materializes it first, or a bad estimate plans the join as a loop that
 * rates every asset again for each row.
 */
export function ratedAssetsSql(
  sums: Sql,
  condition: Sql,
  startMs: number,
  endMs: number,
  rate: boolean,
  closedPeriod?: string,
): Sql {
  const w = INFRA_RATING_WEIGHTS;
  const [start, end] = [sql`${startMs}::float8`, sql`${endMs}::float8`];
  // A closed window's cost and rating beside each asset (the business overview's comparison), read in the same join.
  const closed = closedPeriod
    ? {
        columns: sql`, coalesce(cp.cost, 0) AS previous_cost, cp.infra_rating AS previous_rating`,
        join: sql`LEFT JOIN asset_periods cp ON cp.organization_id = a.organization_id AND cp.period = ${closedPeriod}
                 AND cp.asset_id = a.id`,
      }
    : { columns: empty, join: empty };
  const assets = sql`SELECT a.id, a.name, a.status, ${asRead(sql`a.wcu`)} AS wcu, a.speed_assumed,
                     coalesce(s.hours, 0)::float8 AS hours, coalesce(s.cpu_sum, 0) AS cpu_sum,
                     coalesce(s.cpu_sq_sum, 0) AS cpu_sq_sum, ${asRead(sql`s.cpu_max`)} AS cpu_max,
                     ${asRead(sql`s.cpu_p95`)} AS cpu_p95, coalesce(s.mem_sum, 0) AS mem_sum,
                     coalesce(s.mem_hours, 0)::float8 AS mem_hours, ${asRead(sql`s.mem_max`)} AS mem_max,
                     coalesce(s.cost, 0) AS cost, coalesce(s.cost_hours, 0)::float8 AS cost_hours,
                     coalesce(s.priced_hours, 0)::float8 AS priced_hours,
                     coalesce(s.idle_cost, 0) AS idle_cost, coalesce(s.in_band, 0)::float8 AS in_band,
                     coalesce(s.over_max, 0)::float8 AS over_max, coalesce(s.below_min, 0)::float8 AS below_min,
                     coalesce(s.risk_sum, 0) AS risk_sum,
                     -- E: hours from the later of the horizon's start and the hour the asset started.
                     greatest(0::float8, (${end} - greatest(${start},
                       floor(date_part('epoch', least(a.created_at, f.first_reported_at)) / 3600) * 3600000))
                       / 3600000) AS expected_hours,
                     coalesce(date_part('epoch', s.last_hour) * 1000 >= ${end} - 86400000, false) AS recent
                     ${closed.columns}
                FROM assets a
                LEFT JOIN ${sums} s ON s.asset_id = a.id
                LEFT JOIN telemetry_freshness f ON f.organization_id = a.organization_id AND f.asset_id = a.id
                ${closed.join}
               WHERE ${condition}`;
  if (!rate) return assets;
  const weight = (value: number) => raw(String(value));
  return sql`SELECT r.*, v.mean_workload, v.sd_workload,
                 ${oneDecimalSql(sql`q.infra_rating`)} AS infra_rating, ${oneDecimalSql(sql`q.risk`)} AS risk,
                 ${oneDecimalSql(sql`q.optimization`)} AS optimization,
                 ${oneDecimalSql(sql`q.volatility`)} AS volatility,
                 ${oneDecimalSql(sql`q.data_health`)} AS data_health
            -- Fenced (OFFSET 0): the laterals below are flattened into one expression, which would otherwise repeat
            -- r's casts several times per row (105 against 75 ms for 10,000 assets).
            FROM (${assets} OFFSET 0) r
           CROSS JOIN LATERAL (SELECT CASE WHEN r.hours > 0 THEN r.cpu_sum / r.hours END AS mean) m
           CROSS JOIN LATERAL (
             SELECT r.wcu * m.mean / 100 AS mean_workload,
                    r.wcu * sqrt(greatest(0::float8, r.cpu_sq_sum / nullif(r.hours, 0) - m.mean * m.mean)) / 100
                      AS sd_workload,
                    CASE WHEN r.expected_hours > 0
                      THEN greatest(0::float8, 100 * (0.7::float8 * (r.hours / r.expected_hours)
                           + 0.3::float8 * (r.cost_hours / r.expected_hours))
                           - 20 * (NOT r.recent)::int - 10 * r.speed_assumed::int)
                      ELSE 0::float8 END AS data_health) v
           CROSS JOIN LATERAL (
             SELECT CASE WHEN r.hours > 0 THEN 100 * r.risk_sum / r.hours END AS risk,
                    CASE WHEN r.hours > 0 THEN 100 * r.in_band / r.hours END AS optimization,
                    CASE WHEN r.hours = 0 THEN NULL WHEN v.mean_workload = 0 THEN 0::float8
                         ELSE least(100::float8, 100 * v.sd_workload / v.mean_workload) END AS volatility,
                    v.data_health) p
           CROSS JOIN LATERAL (
             SELECT p.risk, p.optimization, p.volatility, p.data_health,
                    ${weight(w.optimization)}::float8 * p.optimization + ${weight(w.risk)}::float8 * (100 - p.risk)
                    + ${weight(w.volatility)}::float8 * (100 - p.volatility)
                    + ${weight(w.dataHealth)}::float8 * p.data_health
                      AS infra_rating) q`;
}

/** groupRatings (ratings.ts) over a relation of ratedAssetsSql rows: the wcu-weighted means of the rounded ratings. */
export function groupRatingsSql(): Sql {
  const weighted = (column: string, rated = false) => {
    const where = raw(`${column} IS NOT NULL AND wcu > 0${rated ? ' AND infra_rating IS NOT NULL' : ''}`);
    const value = raw(column);
    return oneDecimalSql(
      sql`sum(wcu * ${value}) FILTER (WHERE ${where}) / nullif(sum(wcu) FILTER (WHERE ${where}), 0)`,
    );
  };
  return sql`${weighted('infra_rating')} AS infra_rating, ${weighted('risk')} AS risk,
          ${weighted('optimization')} AS optimization, ${weighted('volatility')} AS volatility,
          CASE WHEN count(infra_rating) > 0 THEN coalesce(${weighted('data_health', true)}, 0) ELSE 0 END
            AS data_health`;
}

/** distributionOf (ratings.ts): the count of InfraRatings in each bin of 10 (100 in the last), as `bin_0`…`bin_9`. */
export function distributionSql(): Sql {
  return join(
    Array.from({ length: 10 }, (_, bin) =>
      raw(
        `count(*) FILTER (WHERE infra_rating IS NOT NULL AND least(9, floor(infra_rating / 10)) = ${bin})::int AS bin_${bin}`,
      ),
    ),
    ', ',
  );
}
