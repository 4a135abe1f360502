import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rollups summed reported costs through `real` (`coalesce(cost, cost_per_hour)` resolves to the list price's type),
 * keeping 7 significant digits of a cost; they now sum them as float8. Every rolled-up asset-day and every kept day of
 * hourly totals is marked, so that the rollup job redoes them (and the period sums after them) at full precision.
 */
export class CostPrecisionReroll1767000000000 implements MigrationInterface {
  name = 'CostPrecisionReroll1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`INSERT INTO rollup_pending (organization_id, asset_id, day)
      SELECT organization_id, asset_id, day FROM asset_daily ON CONFLICT DO NOTHING`);
    await queryRunner.query(`INSERT INTO org_hourly_pending (organization_id, day)
      SELECT DISTINCT organization_id, (hour AT TIME ZONE 'UTC')::date FROM org_hourly ON CONFLICT DO NOTHING`);
  }

  async down(): Promise<void> {
    // Nothing to undo: marked days are redone by the job either way.
  }
}
