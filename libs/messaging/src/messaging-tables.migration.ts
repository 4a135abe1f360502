import { MigrationInterface, QueryRunner } from 'typeorm';
import { TENANT_WALL_CONDITION, TENANT_WALL_WRITABLE_FUNCTION, TENANT_WALL_WRITE_CONDITION } from '@infra/platform';

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

/**
 * Organizations this service has purged (offboarding): events about them that arrive afterwards (from other topics,
 * so in no order with the deletion) change nothing, and the row says what the purge deleted.
 */
export class PurgedOrganizations1767000000000 implements MigrationInterface {
  name = 'PurgedOrganizations1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE purged_organizations (
        id uuid PRIMARY KEY,
        purged_at timestamptz NOT NULL DEFAULT now(),
        rows_deleted jsonb NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE purged_organizations');
  }
}

/**
 * `analyze_stale_tables(changed_fraction)`: ANALYZE of the owner's tables whose statistics are stale, callable by a
 * service that serves as a runtime role (the tenant wall: it owns nothing, and only an owner may analyze a table). It
 * runs as its owner (SECURITY DEFINER) and returns the tables analyzed (`refreshStaleStatistics`).
 */
export class StaleStatistics1767200000000 implements MigrationInterface {
  name = 'StaleStatistics1767200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION analyze_stale_tables(changed_fraction double precision) RETURNS SETOF text
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      DECLARE table_name text;
      BEGIN
        FOR table_name IN
          SELECT format('%I.%I', s.schemaname, s.relname)
            FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
           WHERE pg_has_role(c.relowner, 'USAGE')
             AND s.n_mod_since_analyze > 50 + changed_fraction * greatest(s.n_live_tup, 0)
        LOOP
          EXECUTE 'ANALYZE ' || table_name;
          RETURN NEXT table_name;
        END LOOP;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION analyze_stale_tables(double precision)');
  }
}

/**
 * Every walled table's policy checks written rows with `tenant_wall_writable()` too: a write shares its
 * organization's purge lock, so an offboarding waits for the requests in flight and leaves none of their rows, and
 * nothing is written for a purged organization. (A database without the wall has no such policy: nothing to do.)
 */
export class PurgeHoldsWriters1767300000000 implements MigrationInterface {
  name = 'PurgeHoldsWriters1767300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(TENANT_WALL_WRITABLE_FUNCTION);
    for (const table of await walledTables(queryRunner))
      await queryRunner.query(`ALTER POLICY tenant_wall ON "${table}" WITH CHECK (${TENANT_WALL_WRITE_CONDITION})`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of await walledTables(queryRunner))
      await queryRunner.query(`ALTER POLICY tenant_wall ON "${table}" WITH CHECK (${TENANT_WALL_CONDITION})`);
  }
}

/** Tables (partitions aside: writes go through their parent) whose tenant_wall policy is by organization_id. */
async function walledTables(queryRunner: QueryRunner): Promise<string[]> {
  const rows = (await queryRunner.query(
    `SELECT c.relname AS name FROM pg_policy p
       JOIN pg_class c ON c.oid = p.polrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND p.polname = 'tenant_wall' AND NOT c.relispartition
        AND EXISTS (SELECT 1 FROM pg_attribute a
                     WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped)
      ORDER BY 1`,
  )) as { name: string }[];
  return rows.map((row) => row.name);
}

/** The messaging migrations every service runs before its own. */
export const MESSAGING_MIGRATIONS = [
  MessagingTables1763712000000,
  PurgedOrganizations1767000000000,
  StaleStatistics1767200000000,
  PurgeHoldsWriters1767300000000,
];
