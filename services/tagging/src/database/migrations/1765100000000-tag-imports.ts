import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CSV tag imports: one row per uploaded content (organization, file name, sha256), so a re-submitted import of the
 * same upload finds the existing row instead of importing twice.
 */
export class TagImports1765100000000 implements MigrationInterface {
  name = 'TagImports1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE tag_imports (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        file_name text NOT NULL,
        sha256 text NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
        user_id uuid NOT NULL,
        api_key_id uuid,
        records_imported integer NOT NULL DEFAULT 0,
        assignments integer NOT NULL DEFAULT 0,
        issues jsonb,
        message text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX tag_imports_content ON tag_imports (organization_id, file_name, sha256)`,
    );
    await queryRunner.query(`CREATE INDEX tag_imports_organization ON tag_imports (organization_id, created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE tag_imports`);
  }
}
