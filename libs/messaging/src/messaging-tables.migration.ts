import { MigrationInterface, QueryRunner } from 'typeorm';

/** Outbox and inbox tables; every service that publishes or consumes events includes this migration. */
export class MessagingTables1763712000000 implements MigrationInterface {
  name = 'MessagingTables1763712000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        topic text NOT NULL,
        message_key text NOT NULL,
        envelope jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    // The relay only ever scans unpublished rows, in id order.
    await queryRunner.query(`CREATE INDEX outbox_unpublished_idx ON outbox (id) WHERE published_at IS NULL`);
    await queryRunner.query(
      `CREATE INDEX outbox_published_at_idx ON outbox (published_at) WHERE published_at IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE inbox (
        event_id uuid NOT NULL,
        consumer text NOT NULL,
        topic text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, consumer)
      )`);
    await queryRunner.query(`CREATE INDEX inbox_processed_at_idx ON inbox (processed_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE inbox');
    await queryRunner.query('DROP TABLE outbox');
  }
}
