import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `org_hourly` is kept by each telemetry load (the call's hours added, the replaced samples' taken back) instead of
 * being recomputed from every sample of the organization's recent days after each rollup: at 10,000 assets that read
 * 2 million samples per pass and held the two cores through a backfill. A full recompute is still due when what the
 * hours are weighed by changes (an asset's capacity or price, the price list): `org_hourly_pending` names those days.
 */
export class OrgHourlyDeltas1766600000000 implements MigrationInterface {
  name = 'OrgHourlyDeltas1766600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE org_hourly_pending (
        organization_id uuid NOT NULL,
        day date NOT NULL,
        PRIMARY KEY (organization_id, day)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE org_hourly_pending`);
  }
}
