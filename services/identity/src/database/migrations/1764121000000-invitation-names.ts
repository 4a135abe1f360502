import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The name the Admin typed when adding a member: the members list shows it on the pending invitation (the Admin's
 * own words, nothing of the user), instead of the email standing in for a name.
 */
export class InvitationNames1764121000000 implements MigrationInterface {
  name = 'InvitationNames1764121000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE invitations ADD COLUMN first_name text NOT NULL DEFAULT '', ADD COLUMN last_name text NOT NULL DEFAULT ''`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE invitations DROP COLUMN first_name, DROP COLUMN last_name`);
  }
}
