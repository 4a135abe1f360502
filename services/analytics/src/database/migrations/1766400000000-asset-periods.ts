import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each asset's sums over the standard horizons (24h, 7d, 30d, 90d, 12m), so that an organization-wide analysis of
 * 10,000 assets reads 10,000 rows instead of their 300,000 asset-days (or 1.7 million samples). `period_pending`: the
 * asset-periods to redo (rollups changed, or the window moved); `period_windows`: the window each period was computed
 * for (a daily period's by its first day only), and whether every asset of the organization is done (reads fall back
 * to the rollups when not).
 */
export class AssetPeriods1766400000000 implements MigrationInterface {
  name = 'AssetPeriods1766400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE asset_periods (
        organization_id uuid NOT NULL,
        period text NOT NULL,
        asset_id uuid NOT NULL,
        hours int NOT NULL,
        cpu_sum float8 NOT NULL,
        cpu_sq_sum float8 NOT NULL,
        cpu_max real,
        cpu_p95 real,
        mem_sum float8 NOT NULL,
        mem_hours int NOT NULL,
        mem_max real,
        cost float8 NOT NULL,
        cost_hours int NOT NULL,
        priced_hours int NOT NULL,
        idle_cost float8 NOT NULL,
        in_band int NOT NULL,
        over_max int NOT NULL,
        below_min int NOT NULL,
        risk_sum float8 NOT NULL,
        last_hour timestamptz,
        PRIMARY KEY (organization_id, period, asset_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE period_pending (
        organization_id uuid NOT NULL,
        period text NOT NULL,
        asset_id uuid NOT NULL,
        PRIMARY KEY (organization_id, period, asset_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE period_windows (
        organization_id uuid NOT NULL,
        period text NOT NULL,
        window_start timestamptz NOT NULL,
        window_end timestamptz NOT NULL,
        complete boolean NOT NULL,
        PRIMARY KEY (organization_id, period)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE period_windows`);
    await queryRunner.query(`DROP TABLE period_pending`);
    await queryRunner.query(`DROP TABLE asset_periods`);
  }
}
