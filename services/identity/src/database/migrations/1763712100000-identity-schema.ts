import { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentitySchema1763712100000 implements MigrationInterface {
  name = 'IdentitySchema1763712100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        slug text NOT NULL UNIQUE,
        bucket text NOT NULL DEFAULT '',
        auth_client_id text NOT NULL DEFAULT '',
        aws_cross_account_role_arn text NOT NULL DEFAULT '',
        owner_id uuid,
        billing_contact_id uuid,
        technical_contact_id uuid,
        time_zone text NOT NULL DEFAULT 'UTC',
        min_workload_percent_threshold int NOT NULL DEFAULT 40,
        max_workload_percent_threshold int NOT NULL DEFAULT 60,
        plan text NOT NULL DEFAULT 'Standard',
        asset_limit int NOT NULL DEFAULT 1000,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT accounts_thresholds_check CHECK (
          min_workload_percent_threshold BETWEEN 0 AND 100 AND max_workload_percent_threshold BETWEEN 0 AND 100
          AND min_workload_percent_threshold < max_workload_percent_threshold)
      )`);
    await queryRunner.query(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        owner_id uuid,
        billing_contact_id uuid,
        technical_contact_id uuid,
        address_line_one text NOT NULL DEFAULT '',
        address_line_two text NOT NULL DEFAULT '',
        city text NOT NULL DEFAULT '',
        state text NOT NULL DEFAULT '',
        zip_code text NOT NULL DEFAULT '',
        country text NOT NULL DEFAULT '',
        website text NOT NULL DEFAULT '',
        UNIQUE (account_id, name)
      )`);
    await queryRunner.query(`CREATE INDEX organizations_account_idx ON organizations (account_id)`);
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        password_hash text NOT NULL,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        mobile_number text NOT NULL DEFAULT '',
        work_number text NOT NULL DEFAULT '',
        company text NOT NULL DEFAULT '',
        website text NOT NULL DEFAULT '',
        address_line_one text NOT NULL DEFAULT '',
        address_line_two text NOT NULL DEFAULT '',
        city text NOT NULL DEFAULT '',
        country text NOT NULL DEFAULT '',
        zip_code text NOT NULL DEFAULT '',
        time_zone text NOT NULL DEFAULT 'UTC',
        system_admin boolean NOT NULL DEFAULT false,
        mfa_secret text,
        mfa_pending_secret text,
        mfa_recovery_codes text[] NOT NULL DEFAULT '{}',
        accepted_terms_version text,
        accepted_privacy_version text,
        accepted_at timestamptz,
        custom_data jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE memberships (
        account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('User', 'Admin')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, user_id)
      )`);
    await queryRunner.query(`CREATE INDEX memberships_user_idx ON memberships (user_id)`);
    await queryRunner.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id)`);
    await queryRunner.query(`
      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'password_reset_tokens',
      'refresh_tokens',
      'memberships',
      'users',
      'organizations',
      'accounts',
    ]) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
