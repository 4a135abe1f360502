import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { empty, join, raw, runSql, sql, type Sql } from '@infra/platform';
import { hourCostSql, idleCostSql } from '../ratings/hour-formulas';

/**
 * `org_hourly`: the organization's totals per hour of its recent days (hourly dashboards up to 7 days). Each telemetry
 * load adds its samples' shares and takes back those of the samples it replaced (`applyChange`); a full recompute of
 * some days (`recompute`) is only due when the weights change: an asset's capacity or price, or the price list
 * (`org_hourly_pending`). Loads take the organization's lock shared, the recompute exclusive: a recompute never reads
 * samples whose shares a load has not yet added.
 */

/** Days of hourly totals kept, today included: older hourly ranges are read from the samples. */
export const ORG_HOURLY_DAYS = 8;

/** The first hour kept: the start of the UTC day `ORG_HOURLY_DAYS` days ago. */
const WINDOW_START = raw(`(((now() AT TIME ZONE 'UTC')::date - ${ORG_HOURLY_DAYS})::timestamp AT TIME ZONE 'UTC')`);

/** One sample's share of its hour (`s` the sample, `a` its asset): the same arithmetic for a change and a recompute. */
const SHARE = {
  capacity: sql`a.wcu::float8`,
  workload: sql`a.wcu::float8 * s.cpu_util / 100.0`,
  cost: sql`coalesce(${hourCostSql()}, 0)`,
  idleCost: sql`coalesce(${idleCostSql()}, 0)`,
  memSum: sql`coalesce(s.mem_util::float8, 0)`,
  memHours: sql`(s.mem_util IS NOT NULL)::int`,
};

const COLUMNS = raw('organization_id, hour, assets, capacity, workload, cost, idle_cost, mem_sum, mem_hours');

/**
 * The organization's hourly totals. Every method runs in the caller's transaction (`manager`): a load changes them
 * with its samples, a roll-up marks or recomputes them with its days.
 */
@Injectable()
export class OrgHourlyRepository {
  /** Waits for a recompute of the organization's hourly totals (`shared`: a load), or for every load (a recompute). */
  async lock(manager: EntityManager, organizationId: string, shared: boolean): Promise<void> {
    const lock = raw(shared ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock');
    await runSql(manager, sql`SELECT ${lock}(hashtext('analytics-org-hourly'), hashtext(${organizationId}))`);
  }

  /**
   * Adds the shares of `added`'s samples and takes back `removed`'s (relations with asset_id, hour, cpu_util,
   * mem_util and cost), for the hours kept. In hour order, so two loads lock the rows alike.
   */
  async applyChange(manager: EntityManager, organizationId: string, added: Sql, removed: Sql): Promise<void> {
    const shares = (relation: Sql, factor: 1 | -1) => {
      const sign = raw(String(factor));
      return sql`SELECT s.hour, ${sign} AS assets, ${join(
        Object.values(SHARE).map((share) => sql`${sign} * ${share}`),
        ', ',
      )}
         FROM ${relation} s JOIN assets a ON a.organization_id = ${organizationId} AND a.id = s.asset_id
        WHERE s.hour >= ${WINDOW_START}`;
    };
    await runSql(
      manager,
      sql`INSERT INTO org_hourly (${COLUMNS})
     SELECT ${organizationId}::uuid, hour, sum(assets), sum(capacity), sum(workload), sum(cost), sum(idle_cost),
            sum(mem_sum), sum(mem_hours)
       FROM (${shares(added, 1)} UNION ALL ${shares(removed, -1)})
            AS change(hour, assets, capacity, workload, cost, idle_cost, mem_sum, mem_hours)
      GROUP BY hour ORDER BY hour
     ON CONFLICT (organization_id, hour) DO UPDATE SET assets = org_hourly.assets + EXCLUDED.assets,
       capacity = org_hourly.capacity + EXCLUDED.capacity, workload = org_hourly.workload + EXCLUDED.workload,
       cost = org_hourly.cost + EXCLUDED.cost, idle_cost = org_hourly.idle_cost + EXCLUDED.idle_cost,
       mem_sum = org_hourly.mem_sum + EXCLUDED.mem_sum, mem_hours = org_hourly.mem_hours + EXCLUDED.mem_hours`,
    );
  }

  /**
   * Marks every kept day of the organization for a recompute (what weighs the hours changed), when one of `assetIds`
   * (or any asset) reported in those days: a new asset weighs in no hour yet.
   */
  async mark(manager: EntityManager, organizationId: string, assetIds?: string[]): Promise<void> {
    const reported = assetIds ? sql`AND f.asset_id = ANY(${assetIds}::uuid[])` : empty;
    await runSql(
      manager,
      sql`INSERT INTO org_hourly_pending (organization_id, day)
     SELECT ${organizationId}::uuid, (now() AT TIME ZONE 'UTC')::date - g
       FROM generate_series(0, ${raw(String(ORG_HOURLY_DAYS))}) g
      WHERE EXISTS (SELECT 1 FROM telemetry_freshness f WHERE f.organization_id = ${organizationId}
                       ${reported} AND f.last_reported_at >= ${WINDOW_START})
     ON CONFLICT DO NOTHING`,
    );
  }

  /**
   * Recomputes the marked days from the samples, under the exclusive lock; returns how many days. Nothing marked (the
   * usual case) takes no lock: waiting for it made every load in flight wait too, every two seconds of a backfill.
   */
  async recompute(manager: EntityManager, organizationId: string): Promise<number> {
    const [{ marked }] = await runSql<{ marked: boolean }>(
      manager,
      sql`SELECT EXISTS (SELECT 1 FROM org_hourly_pending WHERE organization_id = ${organizationId}) AS marked`,
    );
    if (!marked) return 0;
    await this.lock(manager, organizationId, false);
    const [{ days }] = await runSql<{ days: string[] }>(
      manager,
      sql`WITH taken AS (DELETE FROM org_hourly_pending WHERE organization_id = ${organizationId} RETURNING day)
     SELECT coalesce(array_agg(day::text ORDER BY day), '{}') AS days FROM taken`,
    );
    if (days.length === 0) return 0;
    const from = `${days[0]}T00:00:00Z`;
    const to = new Date(Date.parse(`${days[days.length - 1]}T00:00:00Z`) + 86_400_000).toISOString();
    await runSql(
      manager,
      sql`DELETE FROM org_hourly WHERE organization_id = ${organizationId} AND hour >= ${from} AND hour < ${to}
        AND (hour AT TIME ZONE 'UTC')::date = ANY(${days}::date[])`,
    );
    // One range of hours (the partitions pruned, each asset's hours an index range), then the marked days.
    await runSql(
      manager,
      sql`INSERT INTO org_hourly (${COLUMNS})
     SELECT ${organizationId}::uuid, s.hour, count(*), sum(${SHARE.capacity}), sum(${SHARE.workload}),
            sum(${SHARE.cost}), sum(${SHARE.idleCost}), sum(${SHARE.memSum}), sum(${SHARE.memHours})
       FROM telemetry_samples s JOIN assets a ON a.organization_id = s.organization_id AND a.id = s.asset_id
      WHERE s.organization_id = ${organizationId} AND s.hour >= ${from}::timestamptz AND s.hour < ${to}::timestamptz
        AND (s.hour AT TIME ZONE 'UTC')::date = ANY(${days}::date[])
      GROUP BY s.hour`,
    );
    return days.length;
  }
}
