import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_WORKLOAD_THRESHOLDS } from '@infra/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { holdLiveOrganization } from '@infra/messaging';
import { acrossTenants, raw, runSql, sql, type Sql } from '@infra/platform';
import { STANDARD_PERIOD_NAMES } from '../analyses/horizon';
import { OrgHourlyRepository } from './org-hourly.repository';
import { bandSql, hourCostSql, hourRiskSql, idleCostSql } from '../ratings/hour-formulas';

/** Asset-days rolled up per transaction: a backfill of months is drained in short transactions. */
const PENDING_CHUNK = 20_000;
export { ORG_HOURLY_DAYS } from './org-hourly.repository';

/**
 * Adds the asset-days of `relation` (rows of asset_daily) to the organization's days, `factor` -1 taking them back. The
 * asset-day's own WCU weighs it, so taking back a row subtracts exactly what adding it added.
 */
function addToOrgDaily(organizationId: string, relation: Sql, factor: 1 | -1): Sql {
  const sign = raw(String(factor));
  return sql`INSERT INTO org_daily (organization_id, day, assets, capacity_hours, workload_hours, cost, idle_cost, mem_sum,
                          mem_hours)
   SELECT ${organizationId}::uuid, day, ${sign} * count(*), ${sign} * sum(wcu::float8 * hours), ${sign} * sum(wcu::float8 * cpu_sum / 100),
          ${sign} * sum(cost_sum), ${sign} * sum(idle_cost), ${sign} * sum(mem_sum), ${sign} * sum(mem_hours)
     FROM ${relation} GROUP BY day ORDER BY day
   ON CONFLICT (organization_id, day) DO UPDATE SET assets = org_daily.assets + EXCLUDED.assets,
     capacity_hours = org_daily.capacity_hours + EXCLUDED.capacity_hours,
     workload_hours = org_daily.workload_hours + EXCLUDED.workload_hours, cost = org_daily.cost + EXCLUDED.cost,
     idle_cost = org_daily.idle_cost + EXCLUDED.idle_cost, mem_sum = org_daily.mem_sum + EXCLUDED.mem_sum,
     mem_hours = org_daily.mem_hours + EXCLUDED.mem_hours`;
}

export interface Thresholds {
  min: number;
  max: number;
}

/**
 * The rollups: `asset_daily` from the samples; `org_daily` by the same transaction, each asset-day redone taking back
 * its old share and adding its new one; `org_hourly` is kept by the loads (OrgHourlyRepository) and recomputed here only
 * when marked.
 * A sample without a cost is priced from the price list (the asset's `cost_per_hour`): `cost_hours` counts the
 * reported costs only (data health), `priced_hours` every hour with a cost. A reported cost (numeric) is read as float8
 * (`s.cost::float8`): `coalesce(s.cost, a.cost_per_hour)` resolves to the list price's `real` and kept 7 digits
 * (0.024856 became 0.0248559993).
 */
@Injectable()
export class RollupsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orgHourly: OrgHourlyRepository,
  ) {}

  /**
   * Marks every rolled-up day of the organization (thresholds or prices changed), or of some assets (capacity or
   * price changed); unless only the thresholds changed, also the hourly totals those assets' recent samples weigh in.
   */
  async markAll(
    manager: EntityManager,
    organizationId: string,
    assetIds?: string[],
    { thresholdsOnly = false } = {},
  ): Promise<void> {
    if (!thresholdsOnly) await this.orgHourly.mark(manager, organizationId, assetIds);
    await manager.query(
      `INSERT INTO rollup_pending (organization_id, asset_id, day)
       SELECT organization_id, asset_id, day FROM asset_daily
        WHERE organization_id = $1 AND ($2::uuid[] IS NULL OR asset_id = ANY($2::uuid[]))
       ON CONFLICT DO NOTHING`,
      [organizationId, assetIds ?? null],
    );
  }

  async organizationsPending(): Promise<string[]> {
    const rows = await acrossTenants('rollup-sweep', () =>
      this.dataSource.query<{ organization_id: string }[]>(
        `SELECT organization_id FROM rollup_pending UNION SELECT organization_id FROM org_hourly_pending`,
      ),
    );
    return rows.map((row) => row.organization_id);
  }

  async thresholdsOf(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<Thresholds> {
    const rows = await manager.query<{ min: number; max: number }[]>(
      `SELECT t.min_threshold AS min, t.max_threshold AS max FROM organization_accounts o
         JOIN account_thresholds t ON t.account_id = o.account_id WHERE o.organization_id = $1`,
      [organizationId],
    );
    return rows[0] ?? { ...DEFAULT_WORKLOAD_THRESHOLDS };
  }

  /**
   * Rolls up the organization's pending asset-days into `asset_daily` and `org_daily`, a chunk per transaction, and
   * marks the assets' period sums. One rollup per organization at a time (advisory lock); returns how many days it
   * touched.
   */
  async drain(organizationId: string): Promise<number> {
    return (await this.drainDays(organizationId)).length;
  }

  /** `drain`, returning the days touched (YYYY-MM-DD): the business events whose windows they overlap are re-measured. */
  async drainDays(organizationId: string): Promise<string[]> {
    const touched = new Set<string>();
    for (;;) {
      const days = await this.dataSource.transaction(async (manager) => {
        if (!(await holdLiveOrganization(manager, organizationId))) return [];
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext('analytics-rollup'), hashtext($1))`, [
          organizationId,
        ]);
        const thresholds = await this.thresholdsOf(organizationId, manager);
        const [taken] = (await manager.query(
          // By row address: a join of the chunk back to the table is planned from statistics taken when the table
          // was empty, and a nested loop over a backlog of 900,000 rows never ends.
          `WITH taken AS (
             DELETE FROM rollup_pending WHERE ctid = ANY(ARRAY(
               SELECT ctid FROM rollup_pending WHERE organization_id = $1
                ORDER BY asset_id, day LIMIT ${PENDING_CHUNK}))
             RETURNING asset_id, day)
           SELECT coalesce(array_agg(asset_id), '{}') AS assets, coalesce(array_agg(day::text), '{}') AS days
             FROM taken`,
          [organizationId],
        )) as { assets: string[]; days: string[] }[];
        if (taken.assets.length === 0) return [];
        await this.rollUpAssetDays(manager, organizationId, taken.assets, taken.days, thresholds);
        const distinct = [...new Set(taken.days)];
        // Their sums over the standard horizons are redone too (asset_periods).
        await manager.query(
          `INSERT INTO period_pending (organization_id, period, asset_id)
           SELECT $1, p.period, x.asset_id FROM unnest($2::text[]) AS p(period)
            CROSS JOIN (SELECT DISTINCT unnest($3::uuid[]) AS asset_id) x
           ON CONFLICT DO NOTHING`,
          [organizationId, STANDARD_PERIOD_NAMES, taken.assets],
        );
        return distinct;
      });
      if (days.length === 0) break;
      for (const day of days) touched.add(day);
    }
    return [...touched];
  }

  /**
   * Rows are written asset by asset (the chunk and the insert are ordered): a narrowed analysis reads each asset's
   * days by key, and days stored together cost one page instead of thirty.
   */
  private async rollUpAssetDays(
    manager: EntityManager,
    organizationId: string,
    assetIds: string[],
    days: string[],
    thresholds: Thresholds,
  ): Promise<void> {
    const band = bandSql(thresholds);
    // The old rows go with their share of the organization's days (a day whose samples are all gone, none today:
    // samples are only replaced, adds nothing back).
    await runSql(
      manager,
      sql`WITH removed AS (
         DELETE FROM asset_daily d USING unnest(${assetIds}::uuid[], ${days}::date[]) AS p(asset_id, day)
          WHERE d.organization_id = ${organizationId} AND d.asset_id = p.asset_id AND d.day = p.day
          RETURNING d.*)
       ${addToOrgDaily(organizationId, raw('removed'), -1)}`,
    );
    await runSql(
      manager,
      sql`WITH added AS (
         INSERT INTO asset_daily (organization_id, asset_id, day, wcu, hours, cpu_sum, cpu_sq_sum, cpu_max, mem_sum,
                                  mem_hours, mem_max, cost_sum, cost_hours, priced_hours, idle_cost, hours_in_band,
                                  hours_over_max, hours_below_min, risk_sum, first_hour, last_hour)
         SELECT ${organizationId}::uuid, p.asset_id, p.day, min(a.wcu), count(*), sum(s.cpu_util::float8),
                sum(s.cpu_util::float8 * s.cpu_util), max(s.cpu_util), coalesce(sum(s.mem_util::float8), 0),
                count(s.mem_util), max(s.mem_util), coalesce(sum(${hourCostSql()}), 0), count(s.cost),
                count(${hourCostSql()}),
                coalesce(sum(${idleCostSql()}), 0),
                count(*) FILTER (WHERE ${band.inBand}),
                count(*) FILTER (WHERE ${band.overMax}),
                count(*) FILTER (WHERE ${band.belowMin}),
                coalesce(sum(${hourRiskSql(thresholds.max)}), 0),
                min(s.hour), max(s.hour)
           FROM unnest(${assetIds}::uuid[], ${days}::date[]) AS p(asset_id, day)
           JOIN assets a ON a.organization_id = ${organizationId} AND a.id = p.asset_id
           -- A fenced lateral read (OFFSET 0) so each asset-day is an index range on (organization, asset, hour). As a
           -- join, a partition whose statistics predate a new tenant's load (estimated 1 row for the organization) was
           -- scanned by organization alone for every asset-day: a 40 s roll-up that held back ingest (found by the
           -- business-events bench).
           CROSS JOIN LATERAL (
                  SELECT * FROM telemetry_samples s WHERE s.organization_id = ${organizationId} AND s.asset_id = p.asset_id
                     AND s.hour >= (p.day::timestamp AT TIME ZONE 'UTC')
                     AND s.hour < ((p.day + 1)::timestamp AT TIME ZONE 'UTC')
                  OFFSET 0) s
          GROUP BY p.asset_id, p.day
          ORDER BY p.asset_id, p.day
         RETURNING *)
       ${addToOrgDaily(organizationId, raw('added'), 1)}`,
    );
  }

  /** Redoes the organization's hourly totals marked (what weighs them changed); returns how many days. */
  async recomputeOrgHourly(organizationId: string): Promise<number> {
    return this.dataSource.transaction(async (manager) =>
      (await holdLiveOrganization(manager, organizationId)) ? this.orgHourly.recompute(manager, organizationId) : 0,
    );
  }
}
