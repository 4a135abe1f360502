import { MigrationInterface, QueryRunner } from 'typeorm';
import { tenantWallDownSql, tenantWallSql } from '@infra/platform';

/** Inventory's tables that hold an organization's rows (the catalog test checks none is missing). */
const TENANT_TABLES = [
  'assets',
  'asset_ratings',
  'asset_tags',
  'aws_integrations',
  'collections',
  'collection_assets',
  'organization_plans',
  'sidebar_favorites',
  'tags',
  'views',
];

/** Row-level security on every tenant table, forced: the second wall behind each query's own filter (issue 23). */
export class TenantWall1765600000000 implements MigrationInterface {
  name = 'TenantWall1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of tenantWallSql(TENANT_TABLES)) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of tenantWallDownSql(TENANT_TABLES)) await queryRunner.query(statement);
  }
}
