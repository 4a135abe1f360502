import { MigrationInterface, QueryRunner } from 'typeorm';

/** Assets, collections, views, sidebar favorites, and the read models of tag assignments and ratings. */
export class InventorySchema1764000000000 implements MigrationInterface {
  name = 'InventorySchema1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE assets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        account_id uuid NOT NULL,
        external_id text NOT NULL,
        name text NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'offline', 'pending', 'archived')),
        instance_type text,
        site text,
        physical_processor text,
        memory double precision CHECK (memory >= 0),
        cpu_cores integer CHECK (cpu_cores >= 0),
        storage text,
        cpu_speed double precision CHECK (cpu_speed >= 0),
        network_speed text,
        current_generation boolean,
        network_bandwidth_max double precision CHECK (network_bandwidth_max >= 0),
        instance_lifecycle text,
        cpu_generation text,
        storage_throughput double precision CHECK (storage_throughput >= 0),
        -- Copies of the asset's memberships (collection_assets) and tags (asset_tags), kept in the same
        -- transaction: a tag + collection filter over 100,000 assets is then two GIN bitmaps, not 20,000 probes.
        collection_ids uuid[] NOT NULL DEFAULT '{}',
        tag_ids uuid[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT assets_external_id_unique UNIQUE (organization_id, external_id)
      )`);
    // The default list: an organization's assets by name (ties broken by id for stable paging).
    await queryRunner.query(`CREATE INDEX assets_org_name_idx ON assets (organization_id, name, id)`);
    await queryRunner.query(`CREATE INDEX assets_org_status_idx ON assets (organization_id, status)`);
    await queryRunner.query(`CREATE INDEX assets_collection_ids_idx ON assets USING gin (collection_ids)`);
    await queryRunner.query(`CREATE INDEX assets_tag_ids_idx ON assets USING gin (tag_ids)`);

    await queryRunner.query(`
      CREATE TABLE collections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        account_id uuid NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX collections_org_name_unique ON collections (organization_id, lower(name))`,
    );
    await queryRunner.query(`
      CREATE TABLE collection_assets (
        collection_id uuid NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
        asset_id uuid NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
        organization_id uuid NOT NULL,
        PRIMARY KEY (collection_id, asset_id)
      )`);
    await queryRunner.query(`CREATE INDEX collection_assets_asset_idx ON collection_assets (asset_id)`);

    await queryRunner.query(`
      CREATE TABLE views (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        account_id uuid NOT NULL,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        tag_ids uuid[] NOT NULL DEFAULT '{}',
        collection_ids uuid[] NOT NULL DEFAULT '{}',
        time_horizon text NOT NULL,
        created_by uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX views_org_name_unique ON views (organization_id, lower(name))`);

    await queryRunner.query(`
      CREATE TABLE sidebar_favorites (
        user_id uuid NOT NULL,
        organization_id uuid NOT NULL,
        item_type text NOT NULL CHECK (item_type IN ('collection', 'view', 'asset')),
        item_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, organization_id, item_type, item_id)
      )`);
    await queryRunner.query(`CREATE INDEX sidebar_favorites_item_idx ON sidebar_favorites (item_id)`);

    // Read model of tagging's assignments (tagging.tags.assigned.v1): tag filters never call tagging.
    await queryRunner.query(`
      CREATE TABLE asset_tags (
        organization_id uuid NOT NULL,
        tag_id uuid NOT NULL,
        asset_id uuid NOT NULL,
        PRIMARY KEY (organization_id, tag_id, asset_id)
      )`);
    await queryRunner.query(`CREATE INDEX asset_tags_asset_idx ON asset_tags (asset_id)`);

    // Read model of analytics' ratings (analytics.ratings.recomputed.v1).
    await queryRunner.query(`
      CREATE TABLE asset_ratings (
        asset_id uuid PRIMARY KEY,
        organization_id uuid NOT NULL,
        infra_rating double precision NOT NULL,
        risk double precision NOT NULL,
        optimization double precision NOT NULL,
        volatility double precision NOT NULL,
        data_health double precision NOT NULL,
        computed_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'asset_ratings',
      'asset_tags',
      'sidebar_favorites',
      'views',
      'collection_assets',
      'collections',
      'assets',
    ])
      await queryRunner.query(`DROP TABLE ${table}`);
  }
}
