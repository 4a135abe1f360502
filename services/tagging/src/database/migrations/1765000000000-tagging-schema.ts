import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tags, their assignments, the audit log, and tagging's read model of inventory (assets with the attributes that
 * make system tags and their telemetry freshness, collection memberships), fed by inventory's and analytics' events.
 */
export class TaggingSchema1765000000000 implements MigrationInterface {
  name = 'TaggingSchema1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE tags (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        key text NOT NULL,
        value text NOT NULL,
        description text NOT NULL DEFAULT '',
        system boolean NOT NULL DEFAULT false,
        archived_at timestamptz,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One pair per organization whatever the letter case; a system tag may share a user tag's pair.
    await queryRunner.query(
      `CREATE UNIQUE INDEX tags_organization_pair ON tags (organization_id, system, lower(key), lower(value))`,
    );
    await queryRunner.query(`CREATE INDEX tags_organization_key ON tags (organization_id, key, value)`);
    await queryRunner.query(`
      CREATE TABLE tag_assets (
        tag_id uuid NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
        asset_id uuid NOT NULL,
        organization_id uuid NOT NULL,
        source text NOT NULL CHECK (source IN ('manual', 'import', 'rule', 'system')),
        assigned_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tag_id, asset_id)
      )`);
    await queryRunner.query(`CREATE INDEX tag_assets_asset ON tag_assets (organization_id, asset_id)`);
    await queryRunner.query(`
      CREATE TABLE tag_audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        tag_id uuid,
        user_id uuid NOT NULL,
        api_key_id uuid,
        activity text NOT NULL,
        detail text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await queryRunner.query(
      `CREATE INDEX tag_audit_log_organization ON tag_audit_log (organization_id, created_at DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX tag_audit_log_tag ON tag_audit_log (organization_id, tag_id, created_at DESC) WHERE tag_id IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE assets (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        external_id text,
        name text NOT NULL,
        status text NOT NULL,
        site text,
        instance_type text,
        last_reported_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX assets_organization_external ON assets (organization_id, external_id)`);
    await queryRunner.query(`
      CREATE TABLE collections (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        name text NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE collection_assets (
        collection_id uuid NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
        asset_id uuid NOT NULL,
        organization_id uuid NOT NULL,
        PRIMARY KEY (collection_id, asset_id)
      )`);
    await queryRunner.query(`CREATE INDEX collection_assets_asset ON collection_assets (organization_id, asset_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE collection_assets, collections, assets, tag_audit_log, tag_assets, tags`);
  }
}
