import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Audit details become a code with parameters, rendered in each reader's language (they were English sentences).
 * Entries written before keep their sentence and no code: the audit log reads them back from the sentence
 * (`legacyDetail`), so no row is rewritten here.
 */
export class AuditDetailCodes1765400000000 implements MigrationInterface {
  name = 'AuditDetailCodes1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE tag_audit_log ADD COLUMN detail_code text, ADD COLUMN detail_params jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE tag_audit_log DROP COLUMN detail_code, DROP COLUMN detail_params`);
  }
}
