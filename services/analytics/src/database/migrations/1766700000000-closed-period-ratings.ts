import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ratings of each asset over a closed window (the `previous-*` periods: their end does not move with the clock,
 * so neither do their expected hours nor staleness), kept with its sums: the business overview compares them with
 * the current ones without rating 10,000 assets twice. Every window is redone once to fill them.
 */
export class ClosedPeriodRatings1766700000000 implements MigrationInterface {
  name = 'ClosedPeriodRatings1766700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE asset_periods ADD COLUMN infra_rating float8, ADD COLUMN risk float8,
      ADD COLUMN optimization float8, ADD COLUMN volatility float8, ADD COLUMN data_health float8`);
    await queryRunner.query(`UPDATE period_windows SET complete = false`);
    await queryRunner.query(`INSERT INTO period_pending (organization_id, period, asset_id)
      SELECT organization_id, period, asset_id FROM asset_periods ON CONFLICT DO NOTHING`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE asset_periods DROP COLUMN infra_rating, DROP COLUMN risk,
      DROP COLUMN optimization, DROP COLUMN volatility, DROP COLUMN data_health`);
  }
}
