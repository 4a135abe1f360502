import { MigrationInterface, QueryRunner } from 'typeorm';

/** The sign-ins revoked in the last minutes, read every 30 s to put back the marks Redis may have lost. */
export class RevokedSessionsIndex1764400000000 implements MigrationInterface {
  name = 'RevokedSessionsIndex1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX refresh_tokens_revoked_idx ON refresh_tokens (revoked_at) WHERE revoked_at IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX refresh_tokens_revoked_idx`);
  }
}
