import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { holdLiveOrganization } from '@infra/messaging';
import { acrossTenants, raw, runSql, sql } from '@infra/platform';
import {
  assetSumsSql,
  CLOSED_RATING_COLUMNS,
  KEPT_UNIT_COSTS_CURRENT,
  PERIOD_COLUMNS,
  PERIOD_UNIT_COST,
  PERIOD_UNIT_COST_DEFINED,
} from '../analyses/asset-sums.sql';
import { isClosedPeriod, standardPeriods, windowEndOf, type Horizon } from '../analyses/horizon';
import { ratedAssetsSql } from '../ratings/ratings.sql';
import { RollupsRepository } from './rollups.repository';

/** Asset-periods recomputed per transaction. */
const PERIOD_CHUNK = 2000;

const iso = (time: number) => new Date(time).toISOString();

/**
 * The per-asset sums of the standard horizons (asset_periods). The asset-periods whose rollups changed are redone;
 * when a window moves (every hour for 24h and 7d, every day for the others) every asset of that period is, and until
 * then the window is marked incomplete so that reads use the rollups. Once nothing waits for its rollup, each current
 * window's unit costs by site and instance type are rebuilt where their sums moved (`period_unit_costs`).
 */
@Injectable()
export class PeriodsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rollups: RollupsRepository,
  ) {}

  async organizations(): Promise<string[]> {
    const rows = await acrossTenants('periods-sweep', () =>
      this.dataSource.query<{ organization_id: string }[]>(`SELECT DISTINCT organization_id FROM telemetry_freshness`),
    );
    return rows.map((row) => row.organization_id);
  }

  /** Redoes the pending asset-periods (every asset of a period whose window moved); returns how many. */
  async refresh(organizationId: string, now = Date.now()): Promise<number> {
    const windows = standardPeriods(now);
    await this.moveWindows(organizationId, windows);
    const thresholds = await this.rollups.thresholdsOf(organizationId);
    let done = 0;
    for (const window of windows) {
      // A closed window's ratings are kept with its sums; the others' move with the current hour and are rated when read.
      const closed = isClosedPeriod(window.period!);
      let redone = 0;
      for (;;) {
        const count = await this.dataSource.transaction(async (manager) => {
          if (!(await holdLiveOrganization(manager, organizationId))) return 0;
          const [taken] = (await manager.query(
            // By row address, as the rollup drain does (a join back to the table can be planned as a nested loop).
            `WITH taken AS (
               DELETE FROM period_pending WHERE ctid = ANY(ARRAY(
                 SELECT ctid FROM period_pending WHERE organization_id = $1 AND period = $2
                  ORDER BY asset_id LIMIT ${PERIOD_CHUNK}))
               RETURNING asset_id)
             SELECT coalesce(array_agg(asset_id), '{}') AS assets FROM taken`,
            [organizationId, window.period],
          )) as { assets: string[] }[];
          if (taken.assets.length === 0) return 0;
          await manager.query(
            `DELETE FROM asset_periods WHERE organization_id = $1 AND period = $2 AND asset_id = ANY($3::uuid[])`,
            [organizationId, window.period, taken.assets],
          );
          const assets = sql`a.organization_id = ${organizationId} AND a.id = ANY(${taken.assets}::uuid[])`;
          // Only sums over samples count with the thresholds: the daily rollups were counted when rolled up.
          const sums = assetSumsSql(
            assets,
            iso(window.start),
            iso(window.end),
            window.granularity === 'hour' ? thresholds : null,
          );
          const kept = sql`${organizationId}::uuid, ${window.period}::text`;
          if (closed)
            // Rated once (MATERIALIZED): ratedAssetsSql's rows are fenced, and with a CTE's estimate of one row the join
            // below was planned as a loop rating every asset again for each one (49 s for a chunk of 2,000).
            await runSql(
              manager,
              sql`WITH sums AS (${sums}),
                    rated AS MATERIALIZED (${ratedAssetsSql(raw('sums'), assets, window.start, window.end, true)})
               INSERT INTO asset_periods (organization_id, period, ${PERIOD_COLUMNS}, ${CLOSED_RATING_COLUMNS})
               SELECT ${kept}, s.*, ${CLOSED_RATING_COLUMNS} FROM sums s JOIN rated r ON r.id = s.asset_id`,
            );
          else
            await runSql(
              manager,
              sql`INSERT INTO asset_periods (organization_id, period, ${PERIOD_COLUMNS})
               SELECT ${kept}, sums.* FROM (${sums}) sums`,
            );
          return taken.assets.length;
        });
        if (count === 0) break;
        redone += count;
      }
      done += redone;
      // Complete only a window still current: one that moved meanwhile waits for the next refresh. Sums redone move
      // its version: the unit costs built from the earlier ones are out of date (in one statement, no lock held).
      await this.dataSource.query(
        `UPDATE period_windows SET complete = true, sums_version = sums_version + $5
          WHERE organization_id = $1 AND period = $2 AND window_start = $3 AND window_end = $4`,
        [organizationId, window.period, iso(window.start), windowEndOf(window), redone > 0 ? 1 : 0],
      );
    }
    // Not during a backfill (asset-days still waiting): every call would rebuild them; the refresh after the last
    // rollup does, and reads take the period sums meanwhile.
    const [{ waiting }] = await this.dataSource.query<{ waiting: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM rollup_pending WHERE organization_id = $1) AS waiting`,
      [organizationId],
    );
    if (!waiting)
      for (const window of windows)
        if (!isClosedPeriod(window.period!)) await this.rebuildUnitCosts(organizationId, window.period!);
    return done;
  }

  /**
   * The period's unit costs (PERIOD_UNIT_COST of each asset, as the comparison's live read computes them) grouped by
   * site and instance type, if the window is complete and its sums or the organization's assets moved since they were
   * built. The versions are read before the rows they stand for: a change committed after that read moves a version
   * past the one recorded, so what was built is never taken for newer than it is. The window's row lock keeps two
   * rebuilds from adding their arrays twice.
   */
  private async rebuildUnitCosts(organizationId: string, period: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await holdLiveOrganization(manager, organizationId))) return;
      const [window] = await runSql<{ sums_version: string; assets_version: string }>(
        manager,
        sql`SELECT w.sums_version, coalesce(v.version, 0) AS assets_version
           FROM period_windows w LEFT JOIN unit_cost_asset_versions v ON v.organization_id = w.organization_id
          WHERE w.organization_id = ${organizationId} AND w.period = ${period} AND w.complete
            AND NOT ${KEPT_UNIT_COSTS_CURRENT}
            FOR UPDATE OF w`,
      );
      if (!window) return;
      await manager.query(`DELETE FROM period_unit_costs WHERE organization_id = $1 AND period = $2`, [
        organizationId,
        period,
      ]);
      await runSql(
        manager,
        sql`INSERT INTO period_unit_costs (organization_id, period, site, instance_type, unit_costs)
         SELECT ${organizationId}::uuid, ${period}::text, a.site, a.instance_type, array_agg(${PERIOD_UNIT_COST})
           FROM assets a
           JOIN asset_periods p ON p.organization_id = a.organization_id AND p.period = ${period} AND p.asset_id = a.id
          WHERE a.organization_id = ${organizationId} AND ${PERIOD_UNIT_COST_DEFINED}
          GROUP BY a.site, a.instance_type`,
      );
      await manager.query(
        `UPDATE period_windows SET unit_costs_version = $3, unit_costs_assets_version = $4
          WHERE organization_id = $1 AND period = $2`,
        [organizationId, period, window.sums_version, window.assets_version],
      );
    });
  }

  /** Records each window; one that moved (or is new) is incomplete and every asset of it pending. */
  private async moveWindows(organizationId: string, windows: Horizon[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await holdLiveOrganization(manager, organizationId))) return;
      const moved: string[] = [];
      for (const window of windows) {
        const rows = await manager.query<unknown[]>(
          `INSERT INTO period_windows (organization_id, period, window_start, window_end, complete)
           VALUES ($1, $2, $3, $4, false)
           ON CONFLICT (organization_id, period) DO UPDATE SET window_start = EXCLUDED.window_start,
             window_end = EXCLUDED.window_end, complete = false, sums_version = period_windows.sums_version + 1
           WHERE (period_windows.window_start, period_windows.window_end)
                 IS DISTINCT FROM (EXCLUDED.window_start, EXCLUDED.window_end)
           RETURNING period`,
          [organizationId, window.period, iso(window.start), windowEndOf(window)],
        );
        if (rows.length > 0) moved.push(window.period!);
      }
      if (moved.length > 0)
        await manager.query(
          `INSERT INTO period_pending (organization_id, period, asset_id)
           SELECT a.organization_id, p.period, a.id FROM assets a CROSS JOIN unnest($2::text[]) AS p(period)
            WHERE a.organization_id = $1 ON CONFLICT DO NOTHING`,
          [organizationId, moved],
        );
    });
  }
}
