import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An import keeps who submitted it (the job's payload), so the sweep can queue its job again when Redis lost it
 * (restarted without its data). Imports written before have none and are not swept: they ended long ago.
 */
export class ImportActor1765500000000 implements MigrationInterface {
  name = 'ImportActor1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE tag_imports ADD COLUMN actor jsonb`);
    await queryRunner.query(
      `CREATE INDEX tag_imports_unfinished ON tag_imports (created_at) WHERE status IN ('queued', 'running')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX tag_imports_unfinished`);
    await queryRunner.query(`ALTER TABLE tag_imports DROP COLUMN actor`);
  }
}
