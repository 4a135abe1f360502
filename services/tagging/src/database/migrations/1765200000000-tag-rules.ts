import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Business rules: a rule assigns its tag to the assets whose read-model attributes match its conditions.
 * `name_like` is the ILIKE form of `conditions.namePattern` (computed once when saving, so every match uses the
 * same escaping); `account_id` names the organization's account in the events of assignments made on its behalf.
 */
export class TagRules1765200000000 implements MigrationInterface {
  name = 'TagRules1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE tag_rules (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        account_id uuid NOT NULL,
        name text NOT NULL,
        tag_id uuid NOT NULL REFERENCES tags (id),
        conditions jsonb NOT NULL,
        name_like text,
        enabled boolean NOT NULL DEFAULT true,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX tag_rules_organization_name ON tag_rules (organization_id, lower(name))`,
    );
    await queryRunner.query(`CREATE INDEX tag_rules_enabled ON tag_rules (organization_id) WHERE enabled`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE tag_rules`);
  }
}
