import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hourly telemetry, partitioned by month of the hour. Monthly: the analyses read whole months or less (pruning keeps
 * them to one to thirteen partitions), the 400-day retention drops a partition instead of deleting rows, and a month
 * of a large fleet (10,000 assets x 744 hours) is a few million rows; daily partitions would be 400 tables to plan
 * over, yearly ones too coarse to expire. Partitions are created ahead by `ensure_telemetry_partitions` before each
 * load; the DEFAULT partition only catches what that missed, and the function moves such rows into their month.
 * `telemetry_freshness` keeps each asset's latest hour so the freshness event never scans the samples.
 */
export class TelemetrySamples1766100000000 implements MigrationInterface {
  name = 'TelemetrySamples1766100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE telemetry_samples (
        organization_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        hour timestamptz NOT NULL,
        cpu_util real NOT NULL,
        mem_util real,
        storage_util real,
        network_in_bytes bigint,
        network_out_bytes bigint,
        cost numeric,
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, asset_id, hour)
      ) PARTITION BY RANGE (hour)`);
    await queryRunner.query(`CREATE TABLE telemetry_samples_default PARTITION OF telemetry_samples DEFAULT`);
    // Idempotent; the advisory lock (only taken when a month is missing) keeps two loads from creating one month.
    await queryRunner.query(`
      CREATE FUNCTION ensure_telemetry_partitions(first_hour timestamptz, last_hour timestamptz) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        month_start timestamptz := date_trunc('month', first_hour, 'UTC');
        month_end timestamptz;
        partition_name text;
      BEGIN
        WHILE month_start <= last_hour LOOP
          month_end := month_start + interval '1 month';
          partition_name := 'telemetry_samples_' || to_char(month_start AT TIME ZONE 'UTC', 'YYYY_MM');
          IF to_regclass(partition_name) IS NULL THEN
            PERFORM pg_advisory_xact_lock(hashtext('ensure_telemetry_partitions'));
            IF to_regclass(partition_name) IS NULL THEN
              EXECUTE format('CREATE TABLE %I (LIKE telemetry_samples INCLUDING DEFAULTS INCLUDING CONSTRAINTS)',
                partition_name);
              EXECUTE format('WITH moved AS (DELETE FROM telemetry_samples_default WHERE hour >= %L AND hour < %L
                RETURNING *) INSERT INTO %I SELECT * FROM moved', month_start, month_end, partition_name);
              EXECUTE format('ALTER TABLE telemetry_samples ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
                partition_name, month_start, month_end);
            END IF;
          END IF;
          month_start := month_end;
        END LOOP;
      END $$`);
    await queryRunner.query(`
      CREATE TABLE telemetry_freshness (
        organization_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        last_reported_at timestamptz NOT NULL,
        PRIMARY KEY (organization_id, asset_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE telemetry_freshness`);
    await queryRunner.query(`DROP FUNCTION ensure_telemetry_partitions(timestamptz, timestamptz)`);
    await queryRunner.query(`DROP TABLE telemetry_samples`);
  }
}
