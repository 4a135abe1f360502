import { MigrationInterface, QueryRunner } from 'typeorm';

/** Pending invitations: adding a member by email no longer pulls an existing user in; they accept first. */
export class Invitations1763900000000 implements MigrationInterface {
  name = 'Invitations1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        email text NOT NULL CHECK (email = lower(email)),
        role text NOT NULL CHECK (role IN ('User', 'Admin')),
        token_hash text NOT NULL UNIQUE,
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        declined_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One open invitation per email and account; a new invitation to the same email refreshes it.
    await queryRunner.query(
      `CREATE UNIQUE INDEX invitations_open_idx ON invitations (account_id, email)
         WHERE accepted_at IS NULL AND declined_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX invitations_email_idx ON invitations (email)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE invitations`);
  }
}
