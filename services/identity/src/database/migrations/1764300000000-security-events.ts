import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The security log: one row per account an event concerns (a user's sign-in is written in each of their accounts,
 * so an account's Admins read only their own rows). Deleting the account deletes its log (offboarding).
 */
export class SecurityEvents1764300000000 implements MigrationInterface {
  name = 'SecurityEvents1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE security_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        kind text NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('success', 'failure')),
        actor_user_id uuid,
        actor_email text,
        subject text,
        client_address text,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await queryRunner.query(
      `CREATE INDEX security_events_account_idx ON security_events (account_id, occurred_at DESC, id DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE security_events`);
  }
}
