import { MigrationInterface, QueryRunner } from 'typeorm';

/** API keys for automation: bound to one organization of the account, stored as a SHA-256 hash and a prefix. */
export class ApiKeys1764000000000 implements MigrationInterface {
  name = 'ApiKeys1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        role text NOT NULL CHECK (role IN ('User', 'Admin')),
        secret_hash text NOT NULL UNIQUE,
        prefix text NOT NULL,
        created_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX api_keys_account_idx ON api_keys (account_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE api_keys`);
  }
}
