import { MigrationInterface, QueryRunner } from 'typeorm';
import { TENANT_WALL_CONDITION, tenantWallDownSql, tenantWallSql } from '@infra/platform';

/** Analytics' tables that hold an organization's rows (the catalog test checks none is missing). */
const TENANT_TABLES = [
  'assets',
  'asset_tags',
  'tag_labels',
  'collections',
  'collection_assets',
  'organization_accounts',
  'telemetry_samples',
  'telemetry_freshness',
  'telemetry_source_freshness',
  'financial_settings',
  'rollup_pending',
  'asset_daily',
  'org_daily',
  'org_hourly',
  'org_hourly_pending',
  'asset_periods',
  'period_pending',
  'period_windows',
  'period_unit_costs',
  'unit_cost_asset_versions',
  'business_events',
  'business_event_assets',
  'business_event_targets',
  'business_event_expected_impacts',
  'business_event_impacts',
];

/** Walls one monthly partition of telemetry_samples (plpgsql: `partition_name` is the partition's name). */
const WALL_PARTITION = `
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', partition_name);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', partition_name);
  EXECUTE format('CREATE POLICY tenant_wall ON %I USING (${TENANT_WALL_CONDITION})', partition_name);`;

/**
 * `ensure_telemetry_partitions` (1766100000000-telemetry-samples.ts). Walled: it runs as its owner (SECURITY DEFINER),
 * walls each month it creates, and moves the default partition's rows on the named `telemetry-partitions` path.
 */
function partitionFunction({ walled }: { walled: boolean }): string {
  return `
    CREATE OR REPLACE FUNCTION ensure_telemetry_partitions(first_hour timestamptz, last_hour timestamptz)
    RETURNS void LANGUAGE plpgsql ${walled ? 'SECURITY DEFINER SET search_path = public, pg_temp' : 'SECURITY INVOKER'}
    AS $$
    DECLARE
      month_start timestamptz := date_trunc('month', first_hour, 'UTC');
      month_end timestamptz;
      partition_name text;
      previous_path text := coalesce(current_setting('app.across_tenants', true), '');
    BEGIN
      WHILE month_start <= last_hour LOOP
        month_end := month_start + interval '1 month';
        partition_name := 'telemetry_samples_' || to_char(month_start AT TIME ZONE 'UTC', 'YYYY_MM');
        IF to_regclass(partition_name) IS NULL THEN
          PERFORM pg_advisory_xact_lock(hashtext('ensure_telemetry_partitions'));
          IF to_regclass(partition_name) IS NULL THEN
            EXECUTE format('CREATE TABLE %I (LIKE telemetry_samples INCLUDING DEFAULTS INCLUDING CONSTRAINTS)',
              partition_name);
            ${walled ? WALL_PARTITION : ''}
            ${walled ? "PERFORM set_config('app.across_tenants', 'telemetry-partitions', true);" : ''}
            EXECUTE format('WITH moved AS (DELETE FROM telemetry_samples_default WHERE hour >= %L AND hour < %L
              RETURNING *) INSERT INTO %I SELECT * FROM moved', month_start, month_end, partition_name);
            ${walled ? "PERFORM set_config('app.across_tenants', previous_path, true);" : ''}
            EXECUTE format('ALTER TABLE telemetry_samples ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
              partition_name, month_start, month_end);
          END IF;
        END IF;
        month_start := month_end;
      END LOOP;
    END $$`;
}

/**
 * Row-level security on every tenant table of analytics, forced: the second wall behind each query's own filter
 * (issue 23). Also:
 * - the partitions of telemetry_samples: a query through the parent is walled by the parent's policy alone, but the
 *   runtime role may name a partition, so each has the policy too, and the partition function walls each month it
 *   creates;
 * - the partition function runs as its owner (SECURITY DEFINER): the runtime role owns nothing and cannot create a
 *   table; it moves every organization's rows out of the default partition on its named cross-tenant path;
 * - account_thresholds holds an account's rows: the session sees its organization's account's.
 */
export class TenantWall1767100000000 implements MigrationInterface {
  name = 'TenantWall1767100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of tenantWallSql(TENANT_TABLES)) await queryRunner.query(statement);
    await queryRunner.query(`DO $$
      DECLARE partition_name text;
      BEGIN
        FOR partition_name IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                               WHERE i.inhparent = 'telemetry_samples'::regclass LOOP
          ${WALL_PARTITION}
        END LOOP;
      END $$`);
    await queryRunner.query(partitionFunction({ walled: true }));
    await queryRunner.query(`ALTER TABLE account_thresholds ENABLE ROW LEVEL SECURITY`);
    await queryRunner.query(`ALTER TABLE account_thresholds FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(`
      CREATE POLICY tenant_wall ON account_thresholds
        USING (account_id IN (SELECT account_id FROM organization_accounts
                               WHERE organization_id = (SELECT tenant_wall_organization()))
               OR (SELECT tenant_wall_across()))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP POLICY tenant_wall ON account_thresholds`);
    await queryRunner.query(`ALTER TABLE account_thresholds NO FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(`ALTER TABLE account_thresholds DISABLE ROW LEVEL SECURITY`);
    await queryRunner.query(`DO $$
      DECLARE partition_name text;
      BEGIN
        FOR partition_name IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                               WHERE i.inhparent = 'telemetry_samples'::regclass LOOP
          EXECUTE format('DROP POLICY tenant_wall ON %I', partition_name);
          EXECUTE format('ALTER TABLE %I NO FORCE ROW LEVEL SECURITY', partition_name);
          EXECUTE format('ALTER TABLE %I DISABLE ROW LEVEL SECURITY', partition_name);
        END LOOP;
      END $$`);
    await queryRunner.query(partitionFunction({ walled: false }));
    for (const statement of tenantWallDownSql(TENANT_TABLES)) await queryRunner.query(statement);
  }
}
