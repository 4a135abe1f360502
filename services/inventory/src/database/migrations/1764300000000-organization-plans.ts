import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read model of each organization's account plan limit (`identity.organization.changed.v1`, which carries the
 * account's asset limit): an upsert that would create assets beyond it is refused. Kept per organization, as its
 * events are ordered per organization (a plan change is published for each of the account's organizations).
 */
export class OrganizationPlans1764300000000 implements MigrationInterface {
  name = 'OrganizationPlans1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE organization_plans (
        organization_id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        asset_limit int NOT NULL
      )`);
    // The account's assets are counted under the limit.
    await queryRunner.query(`CREATE INDEX assets_account ON assets (account_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX assets_account`);
    await queryRunner.query(`DROP TABLE organization_plans`);
  }
}
