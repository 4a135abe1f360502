import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each organization's unit costs per standard horizon, grouped by site and instance type (`period_unit_costs`), so
 * that an asset's comparison with its site, the other sites and its peers reads a few dozen arrays instead of joining
 * every asset of the account with its period sums (7 ms for a 10,000-asset organization on a fast machine, 21 ms on
 * a slow one, most of the asset system ratings' time).
 * They are built from two things that each carry a version: the period sums (`period_windows.sums_version`, moved
 * when a refresh redid some or the window moved) and the organization's assets (`unit_cost_asset_versions`, moved
 * with an asset's site, instance type or WCU, in the same transaction). The versions they
 * were built from are kept on the window (`unit_costs_version`, `unit_costs_assets_version`); reads use them only
 * while both are current. A version of its own per organization: bumping every window's row from the asset consumer
 * would lock them in another order than a window move does.
 */
export class PeriodUnitCosts1766900000000 implements MigrationInterface {
  name = 'PeriodUnitCosts1766900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE period_unit_costs (
        organization_id uuid NOT NULL,
        period text NOT NULL,
        site text,
        instance_type text,
        unit_costs float8[] NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX period_unit_costs_key ON period_unit_costs (organization_id, period)`);
    await queryRunner.query(`ALTER TABLE period_windows ADD COLUMN sums_version bigint NOT NULL DEFAULT 0,
      ADD COLUMN unit_costs_version bigint, ADD COLUMN unit_costs_assets_version bigint`);
    await queryRunner.query(`
      CREATE TABLE unit_cost_asset_versions (
        organization_id uuid PRIMARY KEY,
        version bigint NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE unit_cost_asset_versions`);
    await queryRunner.query(`ALTER TABLE period_windows DROP COLUMN sums_version, DROP COLUMN unit_costs_version,
      DROP COLUMN unit_costs_assets_version`);
    await queryRunner.query(`DROP TABLE period_unit_costs`);
  }
}
