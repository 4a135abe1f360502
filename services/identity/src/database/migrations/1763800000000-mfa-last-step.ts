import { MigrationInterface, QueryRunner } from 'typeorm';

/** The last accepted TOTP time step per user: a code of that step or an earlier one is refused (no replay). */
export class MfaLastStep1763800000000 implements MigrationInterface {
  name = 'MfaLastStep1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN mfa_last_step bigint`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN mfa_last_step`);
  }
}
