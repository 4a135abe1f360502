import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Analytics' copy of inventory's assets (the attributes the analyses need), fed by inventory.asset.upserted.v1. The
 * organization leads every key; `id` is also unique on its own so an asset id is never moved to another organization.
 */
export class AnalyticsAssets1766000000000 implements MigrationInterface {
  name = 'AnalyticsAssets1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE assets (
        organization_id uuid NOT NULL,
        id uuid NOT NULL UNIQUE,
        external_id text,
        name text NOT NULL,
        status text NOT NULL,
        cpu_cores real,
        cpu_speed real,
        memory real,
        instance_type text,
        site text,
        current_generation boolean,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, id)
      )`);
    await queryRunner.query(`CREATE INDEX assets_organization_external ON assets (organization_id, external_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE assets`);
  }
}
