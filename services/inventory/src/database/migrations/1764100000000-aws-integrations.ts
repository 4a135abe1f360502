import { MigrationInterface, QueryRunner } from 'typeorm';

/** One AWS integration per organization: the role to assume and the state of the last sync (no credentials). */
export class AwsIntegrations1764100000000 implements MigrationInterface {
  name = 'AwsIntegrations1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE aws_integrations (
        organization_id uuid PRIMARY KEY,
        account_id uuid NOT NULL,
        role_arn text NOT NULL,
        external_id text NOT NULL,
        regions text[] NOT NULL DEFAULT '{}',
        state text NOT NULL DEFAULT 'never'
          CHECK (state IN ('never', 'queued', 'running', 'succeeded', 'failed')),
        state_changed_at timestamptz NOT NULL DEFAULT now(),
        last_run_at timestamptz,
        last_succeeded_at timestamptz,
        last_counts jsonb,
        last_error text,
        configured_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE aws_integrations`);
  }
}
