import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read models the analyses narrow by (tags, collections, thresholds, organization -> account) and the rollups
 * they read instead of raw samples. The organization leads every key (a later move to a database distributed by
 * organization keeps each tenant's rows together).
 *
 * - `asset_daily`: per asset and UTC day, the sums the analyses and ratings need (threshold-dependent counts are
 *   taken with the thresholds in force when the day was rolled up; a threshold change rolls the organization up again).
 * - `org_daily` and `org_hourly`: the whole organization per day and per hour (unfiltered dashboards).
 * - `rollup_pending`: asset-days whose samples changed since their rollup; the rollup job drains it into
 *   `asset_daily` and notes the days in `rollup_pending_days`, which the organization rollup job drains (less often:
 *   a backfill touches every day of the organization at each asset rollup).
 */
export class AnalyticsRollups1766200000000 implements MigrationInterface {
  name = 'AnalyticsRollups1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE assets ADD COLUMN wcu real NOT NULL DEFAULT 0,
      ADD COLUMN speed_assumed boolean NOT NULL DEFAULT false, ADD COLUMN cost_per_hour real`);
    await queryRunner.query(`ALTER TABLE telemetry_freshness ADD COLUMN first_reported_at timestamptz`);
    await queryRunner.query(`
      UPDATE telemetry_freshness f SET first_reported_at = stored.first_hour
        FROM (SELECT organization_id, asset_id, min(hour) AS first_hour FROM telemetry_samples GROUP BY 1, 2) stored
       WHERE stored.organization_id = f.organization_id AND stored.asset_id = f.asset_id`);
    await queryRunner.query(`
      CREATE TABLE organization_accounts (
        organization_id uuid PRIMARY KEY,
        account_id uuid NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX organization_accounts_account ON organization_accounts (account_id)`);
    await queryRunner.query(`
      CREATE TABLE account_thresholds (
        account_id uuid PRIMARY KEY,
        min_threshold real NOT NULL,
        max_threshold real NOT NULL,
        occurred_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE asset_tags (
        organization_id uuid NOT NULL,
        tag_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        PRIMARY KEY (organization_id, tag_id, asset_id)
      )`);
    await queryRunner.query(`CREATE INDEX asset_tags_asset ON asset_tags (organization_id, asset_id)`);
    await queryRunner.query(`
      CREATE TABLE tag_labels (
        organization_id uuid NOT NULL,
        tag_id uuid NOT NULL,
        label text NOT NULL,
        PRIMARY KEY (organization_id, tag_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE collections (
        organization_id uuid NOT NULL,
        id uuid NOT NULL,
        name text NOT NULL,
        PRIMARY KEY (organization_id, id)
      )`);
    await queryRunner.query(`
      CREATE TABLE collection_assets (
        organization_id uuid NOT NULL,
        collection_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        PRIMARY KEY (organization_id, collection_id, asset_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE asset_daily (
        organization_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        day date NOT NULL,
        hours int NOT NULL,
        cpu_sum float8 NOT NULL,
        cpu_sq_sum float8 NOT NULL,
        cpu_max real NOT NULL,
        mem_sum float8 NOT NULL,
        mem_hours int NOT NULL,
        mem_max real,
        cost_sum float8 NOT NULL,
        cost_hours int NOT NULL,
        priced_hours int NOT NULL,
        idle_cost float8 NOT NULL,
        hours_in_band int NOT NULL,
        hours_over_max int NOT NULL,
        hours_below_min int NOT NULL,
        risk_sum float8 NOT NULL,
        first_hour timestamptz NOT NULL,
        last_hour timestamptz NOT NULL,
        PRIMARY KEY (organization_id, asset_id, day)
      )`);
    await queryRunner.query(`CREATE INDEX asset_daily_day ON asset_daily (organization_id, day)`);
    await queryRunner.query(`
      CREATE TABLE org_daily (
        organization_id uuid NOT NULL,
        day date NOT NULL,
        assets int NOT NULL,
        capacity_hours float8 NOT NULL,
        workload_hours float8 NOT NULL,
        cost float8 NOT NULL,
        idle_cost float8 NOT NULL,
        mem_sum float8 NOT NULL,
        mem_hours int NOT NULL,
        PRIMARY KEY (organization_id, day)
      )`);
    await queryRunner.query(`
      CREATE TABLE org_hourly (
        organization_id uuid NOT NULL,
        hour timestamptz NOT NULL,
        assets int NOT NULL,
        capacity float8 NOT NULL,
        workload float8 NOT NULL,
        cost float8 NOT NULL,
        idle_cost float8 NOT NULL,
        mem_sum float8 NOT NULL,
        mem_hours int NOT NULL,
        PRIMARY KEY (organization_id, hour)
      )`);
    await queryRunner.query(`
      CREATE TABLE rollup_pending (
        organization_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        day date NOT NULL,
        PRIMARY KEY (organization_id, asset_id, day)
      )`);
    await queryRunner.query(`
      CREATE TABLE rollup_pending_days (
        organization_id uuid NOT NULL,
        day date NOT NULL,
        PRIMARY KEY (organization_id, day)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'rollup_pending_days',
      'rollup_pending',
      'org_hourly',
      'org_daily',
      'asset_daily',
      'collection_assets',
      'collections',
      'tag_labels',
      'asset_tags',
      'account_thresholds',
      'organization_accounts',
    ])
      await queryRunner.query(`DROP TABLE ${table}`);
    await queryRunner.query(`ALTER TABLE telemetry_freshness DROP COLUMN first_reported_at`);
    await queryRunner.query(`ALTER TABLE assets DROP COLUMN wcu, DROP COLUMN speed_assumed, DROP COLUMN cost_per_hour`);
  }
}
