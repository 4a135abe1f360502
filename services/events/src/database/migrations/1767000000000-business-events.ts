import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Business events, their assignment rules, the assets the rules resolve to, the expected impacts, and the events
 * service's read models of inventory (assets, collections and members) and tagging (tags, assignments), fed by their
 * events. Every index starts with the organization: every query is filtered by it.
 */
export class BusinessEvents1767000000000 implements MigrationInterface {
  name = 'BusinessEvents1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE business_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        start_date timestamptz NOT NULL,
        end_date timestamptz NOT NULL,
        asset_count int NOT NULL DEFAULT 0,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (end_date >= start_date)
      )`);
    // One name per organization whatever the letter case: concurrent creations cannot both win.
    await queryRunner.query(
      `CREATE UNIQUE INDEX business_events_organization_name ON business_events (organization_id, lower(name))`,
    );
    // The list (newest start first) and the target query's window (start before the window's end).
    await queryRunner.query(
      `CREATE INDEX business_events_organization_start ON business_events (organization_id, start_date DESC, id)`,
    );
    await queryRunner.query(`
      CREATE TABLE business_event_rules (
        business_event_id uuid NOT NULL REFERENCES business_events (id) ON DELETE CASCADE,
        organization_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('collection', 'tag', 'asset')),
        target_id uuid NOT NULL,
        -- The target's name when assigned: still shown once its collection is deleted.
        name text NOT NULL DEFAULT '',
        position int NOT NULL,
        PRIMARY KEY (business_event_id, kind, target_id)
      )`);
    // A collection's or tag's members changed: the events whose rules name it.
    await queryRunner.query(
      `CREATE INDEX business_event_rules_target ON business_event_rules (organization_id, kind, target_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE business_event_assets (
        business_event_id uuid NOT NULL REFERENCES business_events (id) ON DELETE CASCADE,
        asset_id uuid NOT NULL,
        organization_id uuid NOT NULL,
        PRIMARY KEY (business_event_id, asset_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX business_event_assets_asset ON business_event_assets (organization_id, asset_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE business_event_impacts (
        business_event_id uuid NOT NULL REFERENCES business_events (id) ON DELETE CASCADE,
        asset_id uuid NOT NULL,
        organization_id uuid NOT NULL,
        impact_percent double precision NOT NULL,
        PRIMARY KEY (business_event_id, asset_id)
      )`);

    // Read models. Ids are global; a row keeps the organization that first sent it (updates check it).
    await queryRunner.query(`
      CREATE TABLE assets (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        name text NOT NULL,
        status text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX assets_organization ON assets (organization_id, id)`);
    await queryRunner.query(`
      CREATE TABLE collections (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        name text NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX collections_organization ON collections (organization_id, id)`);
    await queryRunner.query(`
      CREATE TABLE collection_assets (
        organization_id uuid NOT NULL,
        collection_id uuid NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
        asset_id uuid NOT NULL,
        PRIMARY KEY (organization_id, collection_id, asset_id)
      )`);
    await queryRunner.query(`CREATE INDEX collection_assets_asset ON collection_assets (organization_id, asset_id)`);
    await queryRunner.query(`
      CREATE TABLE tags (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        key text NOT NULL,
        value text NOT NULL,
        status text NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX tags_organization ON tags (organization_id, id)`);
    // No reference to tags: an assignment may arrive before the tag's own event.
    await queryRunner.query(`
      CREATE TABLE asset_tags (
        organization_id uuid NOT NULL,
        tag_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        PRIMARY KEY (organization_id, tag_id, asset_id)
      )`);
    await queryRunner.query(`CREATE INDEX asset_tags_asset ON asset_tags (organization_id, asset_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TABLE asset_tags, tags, collection_assets, collections, assets, business_event_impacts,
         business_event_assets, business_event_rules, business_events`,
    );
  }
}
