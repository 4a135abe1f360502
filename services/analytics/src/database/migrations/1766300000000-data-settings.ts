import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin → Data: each organization's currency and price-list fallback, and when each source last sent each asset's
 * samples (freshness per source).
 */
export class DataSettings1766300000000 implements MigrationInterface {
  name = 'DataSettings1766300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE financial_settings (
        organization_id uuid PRIMARY KEY,
        currency text NOT NULL,
        price_list_fallback boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE telemetry_source_freshness (
        organization_id uuid NOT NULL,
        source text NOT NULL,
        asset_id uuid NOT NULL,
        last_reported_at timestamptz NOT NULL,
        PRIMARY KEY (organization_id, source, asset_id)
      )`);
    // Samples before this table came through POST telemetry.
    await queryRunner.query(`INSERT INTO telemetry_source_freshness (organization_id, source, asset_id, last_reported_at)
      SELECT organization_id, 'api', asset_id, last_reported_at FROM telemetry_freshness`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE telemetry_source_freshness`);
    await queryRunner.query(`DROP TABLE financial_settings`);
  }
}
