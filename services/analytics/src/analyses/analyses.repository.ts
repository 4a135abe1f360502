import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PRICE_LIST } from '@infra/contracts';
import type { AssetRatingValues, RatingValues } from '@infra/contracts';
import { distributionSql, groupRatingsSql, oneDecimalSql, ratedAssetsSql } from '../ratings/ratings.sql';
import type { Thresholds } from '../rollups/rollups.repository';
import { hourCostSql, idleCostSql } from '../ratings/hour-formulas';
import { acrossTenants, assetFilterConditions, empty, join, raw, runSql, sql, type Sql } from '@infra/platform';
import { ORG_HOURLY_DAYS } from '../rollups/rollups.repository';
import {
  assetSumsSql,
  KEPT_UNIT_COSTS_CURRENT,
  PERIOD_COLUMNS,
  PERIOD_UNIT_COST,
  PERIOD_UNIT_COST_DEFINED,
} from './asset-sums.sql';
import { DAY_MS, hoursOf, windowEndOf, type Horizon } from './horizon';

/** Whose data an analysis reads: one asset, a collection's members, or the organization, narrowed by the filters. */
export interface TargetFilter {
  organizationId: string;
  assetId?: string;
  collectionId?: string;
  /** Assets carrying any of the tags. */
  tagIds: string[];
  /** Members of any of the collections. */
  collectionIds: string[];
}

/** One bucket of a group: sums over its assets with a sample in it. */
export interface BucketRow {
  bucket: number;
  assets: number;
  capacityHours: number;
  workloadHours: number;
  cost: number;
  idleCost: number;
  memSum: number;
  memHours: number;
}

/** One asset of the target with the sums of its samples in the horizon (zeros when it has none). */
export interface AssetRow {
  assetId: string;
  name: string;
  status: string;
  site: string | null;
  instanceType: string | null;
  wcu: number;
  speedAssumed: boolean;
  /** The earlier of its creation and its first sample (epoch ms). */
  startedAt: number;
  hours: number;
  cpuSum: number;
  cpuSquareSum: number;
  cpuMax: number | null;
  cpuP95: number | null;
  memSum: number;
  memHours: number;
  memMax: number | null;
  cost: number;
  hoursWithCost: number;
  pricedHours: number;
  idleCost: number;
  hoursInBand: number;
  hoursOverMax: number;
  hoursBelowMin: number;
  riskSum: number;
  lastHour: number | null;
}

/** Hours per month in the savings estimate (analytics.md). */
export const MONTH_HOURS = 730;
const STATUSES = ['active', 'offline', 'pending', 'archived'] as const;
const STATUS_COUNTS = raw(
  STATUSES.map((status) => `(count(*) FILTER (WHERE status = '${status}'))::int AS status_${status}`).join(', '),
);

/** The lists a group analysis asks `group` for besides its figures. */
export interface GroupParts {
  /** The group's ratings and InfraRating bins (the assets rated one by one first). */
  ratings?: boolean;
  /** The lowest InfraRatings, at most this many (with `ratings`). */
  lowest?: number;
  /** The highest p95 CPU utilizations, at most this many. */
  utilization?: number;
  /** The business overview's lists, comparing the horizon with the period before it (with `ratings`). */
  overview?: { previous: Horizon };
}

/** A rated asset as `group` lists it (the columns of ratedAssetsSql; sums as Node would read them). */
export interface RatedAsset {
  id: string;
  name: string;
  wcu: number;
  speed_assumed: boolean;
  hours: number;
  cpu_sum: number;
  cpu_p95: number | null;
  cpu_max: number | null;
  mem_sum: number;
  mem_hours: number;
  mem_max: number | null;
  cost: number;
  idle_cost: number;
  cost_hours: number;
  in_band: number;
  over_max: number;
  below_min: number;
  expected_hours: number;
  recent: boolean;
  mean_workload: number | null;
  sd_workload: number | null;
  infra_rating: number | null;
  risk: number | null;
  optimization: number | null;
  volatility: number | null;
  data_health: number;
}

/** A group's figures over a horizon (`group`). */
export interface GroupFigures {
  assets: number;
  /** Assets with a sample in the horizon. */
  reporting: number;
  cost: number;
  idleCost: number;
  /** Σ wcu × hours priced (reported or list price): unit cost's denominator. */
  pricedCapacityHours: number;
  capacityHours: number;
  workloadHours: number;
  byStatus: Record<(typeof STATUSES)[number], number>;
  /** With `ratings`. */
  ratings?: RatingValues;
  distribution?: { from: number; to: number; count: number }[];
  lowest: RatedAsset[];
  utilization: RatedAsset[];
  overview?: {
    previousCost: number;
    potentialSavings: number;
    savings: { id: string; name: string; monthly_savings: number }[];
    topIdle: RatedAsset[];
    largestGaps: RatedAsset[];
    ratingChanges: { id: string; name: string; infra_rating: number; previous: number; change: number }[];
  };
}

export type RatedGroupFigures = GroupFigures & Required<Pick<GroupFigures, 'ratings' | 'distribution'>>;

function groupFiguresOf(row: Record<string, unknown>): GroupFigures {
  const number = (column: string) => Number(row[column]);
  const list = <T>(column: string) => (row[column] ?? []) as T[];
  return {
    assets: number('assets'),
    reporting: number('reporting'),
    cost: number('cost'),
    idleCost: number('idle_cost'),
    pricedCapacityHours: number('priced_capacity_hours'),
    capacityHours: number('capacity_hours'),
    workloadHours: number('workload_hours'),
    byStatus: Object.fromEntries(STATUSES.map((status) => [status, number(`status_${status}`)])) as Record<
      (typeof STATUSES)[number],
      number
    >,
    ...('data_health' in row
      ? {
          ratings: {
            infraRating: nullableNumber(row.infra_rating),
            risk: nullableNumber(row.risk),
            optimization: nullableNumber(row.optimization),
            volatility: nullableNumber(row.volatility),
            dataHealth: number('data_health'),
          },
          distribution: Array.from({ length: 10 }, (_, bin) => ({
            from: bin * 10,
            to: bin * 10 + 10,
            count: number(`bin_${bin}`),
          })),
        }
      : {}),
    lowest: list('lowest'),
    utilization: list('utilization'),
    ...('previous_cost' in row
      ? {
          overview: {
            previousCost: number('previous_cost'),
            potentialSavings: number('potential_savings'),
            savings: list('savings'),
            topIdle: list('top_idle'),
            largestGaps: list('largest_gaps'),
            ratingChanges: list('rating_changes'),
          },
        }
      : {}),
  };
}

const iso = (time: number) => new Date(time).toISOString();
const day = (time: number) => iso(time).slice(0, 10);

/**
 * The reads of the analyses. Daily horizons read `asset_daily` (and `org_daily` for the whole organization),
 * hourly ones the samples (the hourly rollup of one asset is its sample row) or `org_hourly`. Every query is
 * filtered by the organization first.
 */
@Injectable()
export class AnalysesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The target's asset condition on `a` (assets). */
  private targetCondition(target: TargetFilter): Sql {
    return join(
      [
        sql`a.organization_id = ${target.organizationId}`,
        ...assetFilterConditions(raw('a.id'), target.organizationId, target),
      ],
      ' AND ',
    );
  }

  private static wholeOrganization(target: TargetFilter): boolean {
    return !target.assetId && !target.collectionId && target.tagIds.length === 0 && target.collectionIds.length === 0;
  }

  async assetExists(organizationId: string, assetId: string): Promise<boolean> {
    const rows = await this.dataSource.query(`SELECT 1 FROM assets WHERE organization_id = $1 AND id = $2`, [
      organizationId,
      assetId,
    ]);
    return rows.length > 0;
  }

  async collectionName(organizationId: string, collectionId: string): Promise<string | null> {
    const rows = await this.dataSource.query<{ name: string }[]>(
      `SELECT name FROM collections WHERE organization_id = $1 AND id = $2`,
      [organizationId, collectionId],
    );
    return rows[0]?.name ?? null;
  }

  /** The target's assets, and those whose reporting span (first to last sample) overlaps the horizon. */
  async counts(target: TargetFilter, horizon: Horizon): Promise<{ assets: number; reporting: number }> {
    const [row] = await runSql<{ assets: number; reporting: number }>(
      this.dataSource,
      sql`SELECT count(*)::int AS assets,
              (count(f.asset_id) FILTER (WHERE f.first_reported_at < ${iso(horizon.end)}
                 AND f.last_reported_at >= ${iso(horizon.start)}))::int AS reporting
         FROM assets a LEFT JOIN telemetry_freshness f ON f.organization_id = a.organization_id AND f.asset_id = a.id
        WHERE ${this.targetCondition(target)}`,
    );
    return row;
  }

  /**
   * The group's buckets that have samples, oldest first. A narrowed group reads each of its assets' rows by key
   * (LATERAL): the planner otherwise scans every asset-day of the organization and filters, ten times slower for a
   * tag on a tenth of 10,000 assets.
   */
  async buckets(target: TargetFilter, horizon: Horizon): Promise<BucketRow[]> {
    const { organizationId } = target;
    const [start, end] = [iso(horizon.start), iso(horizon.end)];
    const whole = AnalysesRepository.wholeOrganization(target);
    let statement: Sql;
    if (horizon.granularity === 'day' && whole) {
      statement = sql`SELECT (day::timestamp AT TIME ZONE 'UTC') AS bucket, assets, capacity_hours, workload_hours,
                    cost, idle_cost, mem_sum, mem_hours
               FROM org_daily WHERE organization_id = ${organizationId}
                AND day >= ${start}::date AND day < ${end}::timestamptz
              ORDER BY day`;
    } else if (horizon.granularity === 'hour' && whole && horizon.start >= Date.now() - ORG_HOURLY_DAYS * DAY_MS) {
      statement = sql`SELECT hour AS bucket, assets, capacity AS capacity_hours, workload AS workload_hours, cost,
                    idle_cost, mem_sum, mem_hours
               FROM org_hourly WHERE organization_id = ${organizationId} AND hour >= ${start} AND hour < ${end}
              ORDER BY hour`;
    } else if (horizon.granularity === 'day') {
      statement = sql`SELECT (d.day::timestamp AT TIME ZONE 'UTC') AS bucket, count(*) AS assets,
                    sum(a.wcu * d.hours) AS capacity_hours, sum(a.wcu * d.cpu_sum / 100) AS workload_hours,
                    sum(d.cost_sum) AS cost, sum(d.idle_cost) AS idle_cost, sum(d.mem_sum) AS mem_sum,
                    sum(d.mem_hours) AS mem_hours
               FROM assets a CROSS JOIN LATERAL (
                      SELECT * FROM asset_daily d WHERE d.organization_id = a.organization_id AND d.asset_id = a.id
                         AND d.day >= ${start}::date AND d.day < ${end}::timestamptz) d
              WHERE ${this.targetCondition(target)}
              GROUP BY d.day ORDER BY d.day`;
    } else {
      statement = sql`SELECT s.hour AS bucket, count(*) AS assets, sum(a.wcu) AS capacity_hours,
                    sum(a.wcu * s.cpu_util / 100.0) AS workload_hours,
                    coalesce(sum(${hourCostSql()}), 0) AS cost,
                    coalesce(sum(${idleCostSql()}), 0) AS idle_cost,
                    coalesce(sum(s.mem_util), 0) AS mem_sum, count(s.mem_util) AS mem_hours
               -- Fenced (OFFSET 0): an index range per asset even when the statistics predate the tenant's load.
               FROM assets a CROSS JOIN LATERAL (
                      SELECT * FROM telemetry_samples s WHERE s.organization_id = a.organization_id
                         AND s.asset_id = a.id AND s.hour >= ${start}::timestamptz AND s.hour < ${end}::timestamptz
                      OFFSET 0) s
              WHERE ${this.targetCondition(target)}
              GROUP BY s.hour ORDER BY s.hour`;
    }
    const rows = await runSql<Record<string, string | number | Date>>(this.dataSource, statement);
    return rows.map((row) => ({
      bucket: (row.bucket as Date).getTime(),
      assets: Number(row.assets),
      capacityHours: Number(row.capacity_hours),
      workloadHours: Number(row.workload_hours),
      cost: Number(row.cost),
      idleCost: Number(row.idle_cost),
      memSum: Number(row.mem_sum),
      memHours: Number(row.mem_hours),
    }));
  }

  /**
   * Every asset of the target, with the sums of its samples in the horizon (threshold counts with `thresholds`).
   * A standard horizon reads the precomputed sums (asset_periods) when they are complete for its window.
   */
  async assets(target: TargetFilter, horizon: Horizon, thresholds: Thresholds): Promise<AssetRow[]> {
    const condition = this.targetCondition(target);
    const rows = await runSql(
      this.dataSource,
      sql`WITH sums AS (${await this.sumsSql(target, horizon, thresholds, condition)})
       SELECT a.id, a.name, a.status, a.site, a.instance_type, a.wcu, a.speed_assumed,
              least(a.created_at, f.first_reported_at) AS started_at, s.*
         FROM assets a
         LEFT JOIN sums s ON s.asset_id = a.id
         LEFT JOIN telemetry_freshness f ON f.organization_id = a.organization_id AND f.asset_id = a.id
        WHERE ${condition}`,
    );
    return rows.map((row) => assetRowOf(row));
  }

  /**
   * Each asset's sums over the horizon: the precomputed sums of a standard horizon when complete for its window, else
   * from the daily rollups (their threshold counts were taken with the organization's thresholds; a change re-rolls
   * them), else from the samples with `thresholds`. `condition` is the target's (targetCondition).
   */
  private async sumsSql(target: TargetFilter, horizon: Horizon, thresholds: Thresholds, condition: Sql): Promise<Sql> {
    const [start, end] = [iso(horizon.start), iso(horizon.end)];
    if (horizon.period && (await this.periodComplete(target.organizationId, horizon)))
      return sql`SELECT ${PERIOD_COLUMNS} FROM asset_periods
                  WHERE organization_id = ${target.organizationId} AND period = ${horizon.period}`;
    return assetSumsSql(condition, start, end, horizon.granularity === 'day' ? null : thresholds);
  }

  /**
   * A group's figures from every asset's sums and ratings, computed in the database (ratedAssetsSql): totals,
   * statuses, group ratings and InfraRating bins, and the lists `parts` asks for. One statement; its rows never
   * reach Node.
   */
  async group(
    target: TargetFilter,
    horizon: Horizon,
    thresholds: Thresholds,
    parts: GroupParts = {},
  ): Promise<GroupFigures> {
    const condition = this.targetCondition(target);
    const rate = Boolean(parts.ratings);
    const previous = parts.overview?.previous;
    // A closed previous window's costs and ratings were kept with its sums: read beside each asset's current ones.
    const closedPrevious = Boolean(previous?.period && (await this.periodComplete(target.organizationId, previous)));
    const ctes = [
      sql`sums AS (${await this.sumsSql(target, horizon, thresholds, condition)})`,
      sql`rated AS MATERIALIZED (${ratedAssetsSql(raw('sums'), condition, horizon.start, horizon.end, rate, closedPrevious ? previous!.period : undefined)})`,
    ];
    const lists: Sql[] = rate ? [groupRatingsSql(), distributionSql()] : [];
    if (parts.lowest)
      lists.push(sql`(SELECT json_agg(x) FROM (SELECT * FROM rated WHERE infra_rating IS NOT NULL
                    ORDER BY infra_rating, name, id LIMIT ${parts.lowest}) x) AS lowest`);
    if (parts.utilization)
      lists.push(sql`(SELECT json_agg(x) FROM (SELECT id, name, hours, cpu_sum, cpu_p95, cpu_max, mem_sum, mem_hours, mem_max
                      FROM rated WHERE hours > 0
                     ORDER BY ${oneDecimalSql(sql`coalesce(cpu_p95, 0)`)} DESC, name, id LIMIT ${parts.utilization}) x)
                    AS utilization`);
    if (previous) {
      // Each rated asset's previous InfraRating: kept with the closed window's sums, or rated again below.
      let previousRatings = sql`SELECT id, name, infra_rating, previous_rating FROM rated`;
      if (!closedPrevious) {
        ctes.push(
          sql`previous_sums AS (${await this.sumsSql(target, previous, thresholds, condition)})`,
          sql`previous AS MATERIALIZED (${ratedAssetsSql(raw('previous_sums'), condition, previous.start, previous.end, true)})`,
        );
        previousRatings = sql`SELECT r.id, r.name, r.infra_rating, p.infra_rating AS previous_rating
                                FROM rated r JOIN previous p ON p.id = r.id`;
      }
      ctes.push(
        sql`changes AS (SELECT id, name, infra_rating, previous_rating AS previous,
                            ${oneDecimalSql(sql`infra_rating - previous_rating`)} AS change
                       FROM (${previousRatings}) c WHERE infra_rating IS NOT NULL AND previous_rating IS NOT NULL)`,
        sql`savings AS (SELECT id, name, ((cost * ${raw(String(MONTH_HOURS))}) / ${hoursOf(horizon)}::float8)
                       * (1 - cpu_p95 / ${thresholds.max}::float8) AS monthly_savings
                       FROM rated WHERE hours > 0 AND cpu_p95 < ${thresholds.min}::float8)`,
      );
      lists.push(
        closedPrevious
          ? sql`coalesce(sum(previous_cost), 0) AS previous_cost`
          : sql`(SELECT coalesce(sum(cost), 0) FROM previous) AS previous_cost`,
        sql`(SELECT coalesce(sum(monthly_savings), 0) FROM savings) AS potential_savings`,
        sql`(SELECT json_agg(x) FROM (SELECT * FROM savings ORDER BY monthly_savings DESC, name, id LIMIT 5) x) AS savings`,
        sql`(SELECT json_agg(x) FROM (SELECT id, name, cost, idle_cost FROM rated WHERE idle_cost > 0
            ORDER BY idle_cost DESC, name, id LIMIT 10) x) AS top_idle`,
        sql`(SELECT json_agg(x) FROM (SELECT id, name, over_max, below_min FROM rated WHERE over_max + below_min > 0
            ORDER BY over_max + below_min DESC, name, id LIMIT 5) x) AS largest_gaps`,
        sql`(SELECT json_agg(x) FROM (SELECT * FROM changes WHERE change <> 0
            ORDER BY abs(change) DESC, name, id LIMIT 5) x) AS rating_changes`,
      );
    }
    const [row] = await runSql(
      this.dataSource,
      sql`WITH ${join(ctes, ',\n')}
       SELECT count(*)::int AS assets, (count(*) FILTER (WHERE hours > 0))::int AS reporting,
              coalesce(sum(cost), 0) AS cost, coalesce(sum(idle_cost), 0) AS idle_cost,
              coalesce(sum(wcu * priced_hours), 0) AS priced_capacity_hours,
              coalesce(sum(wcu * hours), 0) AS capacity_hours,
              coalesce(sum(wcu * cpu_sum / 100), 0) AS workload_hours,
              ${STATUS_COUNTS}
              ${lists.length > 0 ? sql`, ${join(lists, ', ')}` : empty}
         FROM rated`,
    );
    return groupFiguresOf(row);
  }

  /**
   * The ratings of every rated asset of the target, computed in the database (ratedAssetsSql, bit-exact with
   * ratingsOf): what the ratings job publishes, without moving every asset's sums to Node.
   */
  async assetRatings(target: TargetFilter, horizon: Horizon, thresholds: Thresholds): Promise<AssetRatingValues[]> {
    const condition = this.targetCondition(target);
    const rated = ratedAssetsSql(raw('sums'), condition, horizon.start, horizon.end, true);
    return runSql<AssetRatingValues>(
      this.dataSource,
      sql`WITH sums AS (${await this.sumsSql(target, horizon, thresholds, condition)})
       SELECT id AS "assetId", infra_rating AS "infraRating", risk, optimization, volatility,
              data_health AS "dataHealth"
         FROM (${rated}) r WHERE infra_rating IS NOT NULL ORDER BY id`,
    );
  }

  /** `group` with the group's ratings and InfraRating bins. */
  async ratedGroup(
    target: TargetFilter,
    horizon: Horizon,
    thresholds: Thresholds,
    parts: Omit<GroupParts, 'ratings'> = {},
  ): Promise<RatedGroupFigures> {
    return (await this.group(target, horizon, thresholds, { ...parts, ratings: true })) as RatedGroupFigures;
  }

  /** One asset's hourly samples in the horizon (its hourly series and exact statistics). */
  async assetHours(
    organizationId: string,
    assetId: string,
    horizon: Horizon,
  ): Promise<{ hour: number; cpu: number; mem: number | null }[]> {
    const rows = await this.dataSource.query<{ hour: Date; cpu: number; mem: number | null }[]>(
      `SELECT hour, cpu_util AS cpu, mem_util AS mem FROM telemetry_samples
        WHERE organization_id = $1 AND asset_id = $2 AND hour >= $3 AND hour < $4 ORDER BY hour`,
      [organizationId, assetId, iso(horizon.start), iso(horizon.end)],
    );
    return rows.map((row) => ({ hour: row.hour.getTime(), cpu: Number(row.cpu), mem: nullableNumber(row.mem) }));
  }

  /**
   * Cost and idle cost of the target's assets per tag and per collection over the horizon's days (top 20 each); a
   * standard horizon reads the precomputed sums.
   */
  async costBreakdown(
    target: TargetFilter,
    horizon: Horizon,
  ): Promise<{ kind: 'tag' | 'collection'; id: string; label: string; cost: number; idle_cost: number }[]> {
    const { organizationId } = target;
    const condition = this.targetCondition(target);
    const costs =
      horizon.period && (await this.periodComplete(organizationId, horizon))
        ? sql`SELECT a.id, p.cost, p.idle_cost FROM assets a
                JOIN asset_periods p ON p.organization_id = a.organization_id AND p.asset_id = a.id
               WHERE ${condition} AND p.period = ${horizon.period}`
        : sql`SELECT a.id, sum(d.cost_sum) AS cost, sum(d.idle_cost) AS idle_cost
                FROM assets a JOIN asset_daily d ON d.organization_id = a.organization_id AND d.asset_id = a.id
               WHERE ${condition} AND d.day >= ${day(horizon.start)}::date AND d.day < ${iso(horizon.end)}::timestamptz
               GROUP BY a.id`;
    return runSql(
      this.dataSource,
      sql`WITH costs AS (${costs})
       (SELECT 'tag' AS kind, t.tag_id AS id, coalesce(l.label, t.tag_id::text) AS label,
               sum(c.cost)::float8 AS cost, sum(c.idle_cost)::float8 AS idle_cost
          FROM costs c JOIN asset_tags t ON t.organization_id = ${organizationId} AND t.asset_id = c.id
          LEFT JOIN tag_labels l ON l.organization_id = ${organizationId} AND l.tag_id = t.tag_id
         GROUP BY t.tag_id, l.label ORDER BY cost DESC LIMIT 20)
       UNION ALL
       (SELECT 'collection', m.collection_id, coalesce(k.name, m.collection_id::text),
               sum(c.cost)::float8, sum(c.idle_cost)::float8
          FROM costs c JOIN collection_assets m ON m.organization_id = ${organizationId} AND m.asset_id = c.id
          LEFT JOIN collections k ON k.organization_id = ${organizationId} AND k.id = m.collection_id
         GROUP BY m.collection_id, k.name ORDER BY 4 DESC LIMIT 20)`,
    );
  }

  /**
   * analytics.md "Unit cost" comparisons of an asset over the horizon, as medians of unit costs ($ per WCU-hour):
   * its site's (the organization's assets at its site), the cheapest other site's for its instance type, and its
   * peers' (its instance type across the account's organizations). Each organization's unit costs come from its
   * unit costs by site and instance type (`period_unit_costs`) when they are current, else from its period sums when
   * complete, else from its daily rollups. Null where the asset has no site or instance type.
   */
  async unitCostComparison(
    organizationId: string,
    assetId: string,
    horizon: Horizon,
  ): Promise<{ site: number | null; alternateSite: { site: string; unitCost: number } | null; peer: number | null }> {
    const period = horizon.period ?? null;
    const [start, end] = [iso(horizon.start), iso(horizon.end)];
    // The peers are the account's other organizations: a named cross-tenant path, each one named by the query.
    const [row] = await acrossTenants('peer-unit-cost', () =>
      runSql<{
        site: number | null;
        peer: number | null;
        alternate: { site: string; unit_cost: number } | null;
      }>(
        this.dataSource,
        sql`WITH asset AS (SELECT site, instance_type FROM assets WHERE organization_id = ${organizationId} AND id = ${assetId}),
       organizations AS (
         SELECT o.organization_id, w.complete IS TRUE AS from_periods,
                (w.complete AND ${KEPT_UNIT_COSTS_CURRENT}) IS TRUE AS indexed
           -- The account's organizations, and the asset's own when no account is known yet.
           FROM (SELECT organization_id FROM organization_accounts
                  WHERE account_id = (SELECT account_id FROM organization_accounts WHERE organization_id = ${organizationId})
                 UNION SELECT ${organizationId}::uuid) o
           LEFT JOIN period_windows w ON w.organization_id = o.organization_id AND w.period = ${period}
                AND w.window_start = ${start}::timestamptz AND w.window_end = ${windowEndOf(horizon)}::timestamptz
           LEFT JOIN unit_cost_asset_versions v ON v.organization_id = o.organization_id),
       costs AS (
         SELECT o.organization_id, i.site, i.instance_type, u.unit_cost
           FROM organizations o
           JOIN period_unit_costs i ON i.organization_id = o.organization_id AND i.period = ${period}
                AND (i.instance_type = (SELECT instance_type FROM asset) OR i.site = (SELECT site FROM asset))
           CROSS JOIN LATERAL unnest(i.unit_costs) AS u(unit_cost)
          WHERE o.indexed
         UNION ALL
         -- Per organization (fenced laterals): planned as one join, it scanned every tenant's period sums (42 against
         -- 21 ms for a 10,000-asset organization, and growing with the other tenants).
         SELECT o.organization_id, c.site, c.instance_type, c.unit_cost
           FROM organizations o CROSS JOIN LATERAL (
                  SELECT a.site, a.instance_type, ${PERIOD_UNIT_COST} AS unit_cost
                    FROM assets a
                    JOIN asset_periods p ON p.organization_id = a.organization_id AND p.period = ${period}
                     AND p.asset_id = a.id
                   WHERE a.organization_id = o.organization_id AND ${PERIOD_UNIT_COST_DEFINED}
                     AND (a.instance_type = (SELECT instance_type FROM asset) OR a.site = (SELECT site FROM asset))
                  OFFSET 0) c
          WHERE o.from_periods AND NOT o.indexed
         UNION ALL
         SELECT o.organization_id, c.site, c.instance_type, c.unit_cost
           FROM organizations o CROSS JOIN LATERAL (
                  SELECT a.site, a.instance_type, (sum(d.cost_sum) / sum(a.wcu * d.priced_hours))::float8 AS unit_cost
                    FROM assets a
                    JOIN asset_daily d ON d.organization_id = a.organization_id AND d.asset_id = a.id
                   WHERE a.organization_id = o.organization_id
                     AND (a.instance_type = (SELECT instance_type FROM asset) OR a.site = (SELECT site FROM asset))
                     AND d.day >= ${start}::date AND d.day < ${end}::timestamptz
                   GROUP BY a.organization_id, a.id HAVING sum(a.wcu * d.priced_hours) > 0
                  OFFSET 0) c
          WHERE NOT o.from_periods)
       SELECT
         (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY unit_cost) FROM costs
           WHERE organization_id = ${organizationId} AND site = (SELECT site FROM asset)) AS site,
         (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY unit_cost) FROM costs
           WHERE instance_type = (SELECT instance_type FROM asset)) AS peer,
         (SELECT json_build_object('site', site, 'unit_cost', median) FROM (
            SELECT site, percentile_cont(0.5) WITHIN GROUP (ORDER BY unit_cost) AS median FROM costs
             WHERE organization_id = ${organizationId} AND site IS NOT NULL
               AND site IS DISTINCT FROM (SELECT site FROM asset)
               AND instance_type = (SELECT instance_type FROM asset)
             GROUP BY site ORDER BY median, site LIMIT 1) cheapest) AS alternate`,
      ),
    );
    return {
      site: nullableNumber(row.site),
      peer: nullableNumber(row.peer),
      alternateSite: row.alternate && { site: row.alternate.site, unitCost: row.alternate.unit_cost },
    };
  }

  /** The organization's currency (Admin → Data → Financial), else the price list's. */
  async currencyOf(organizationId: string): Promise<string> {
    const rows = await this.dataSource.query<{ currency: string }[]>(
      `SELECT currency FROM financial_settings WHERE organization_id = $1`,
      [organizationId],
    );
    return rows[0]?.currency ?? PRICE_LIST.currency;
  }

  /** Whether the organization's precomputed sums of this standard horizon cover its current window. */
  private async periodComplete(organizationId: string, horizon: Horizon): Promise<boolean> {
    const rows = await this.dataSource.query<{ complete: boolean }[]>(
      `SELECT complete FROM period_windows WHERE organization_id = $1 AND period = $2
          AND window_start = $3 AND window_end = $4`,
      [organizationId, horizon.period, iso(horizon.start), windowEndOf(horizon)],
    );
    return rows[0]?.complete ?? false;
  }
}

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** An asset with its sums (zeros when it had no sample) from a row of `assets`. */
function assetRowOf(row: Record<string, unknown>): AssetRow {
  const sum = (column: string) => row[column];
  const lastHour = sum('last_hour') as Date | null | undefined;
  return {
    assetId: row.id as string,
    name: row.name as string,
    status: row.status as string,
    site: (row.site as string | null) ?? null,
    instanceType: (row.instance_type as string | null) ?? null,
    wcu: Number(row.wcu),
    speedAssumed: row.speed_assumed as boolean,
    startedAt: (row.started_at as Date).getTime(),
    hours: Number(sum('hours') ?? 0),
    cpuSum: Number(sum('cpu_sum') ?? 0),
    cpuSquareSum: Number(sum('cpu_sq_sum') ?? 0),
    cpuMax: nullableNumber(sum('cpu_max')),
    cpuP95: nullableNumber(sum('cpu_p95')),
    memSum: Number(sum('mem_sum') ?? 0),
    memHours: Number(sum('mem_hours') ?? 0),
    memMax: nullableNumber(sum('mem_max')),
    cost: Number(sum('cost') ?? 0),
    hoursWithCost: Number(sum('cost_hours') ?? 0),
    pricedHours: Number(sum('priced_hours') ?? 0),
    idleCost: Number(sum('idle_cost') ?? 0),
    hoursInBand: Number(sum('in_band') ?? 0),
    hoursOverMax: Number(sum('over_max') ?? 0),
    hoursBelowMin: Number(sum('below_min') ?? 0),
    riskSum: Number(sum('risk_sum') ?? 0),
    lastHour: lastHour ? lastHour.getTime() : null,
  };
}
