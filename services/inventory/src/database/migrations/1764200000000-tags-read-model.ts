import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read model of tagging's tags (`tagging.tag.changed.v1`): which organization each tag id belongs to, so a saved
 * view never stores another organization's tag ids. Fed from the topic's start on first run (a new consumer group).
 */
export class TagsReadModel1764200000000 implements MigrationInterface {
  name = 'TagsReadModel1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE tags (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX tags_organization ON tags (organization_id, id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE tags`);
  }
}
