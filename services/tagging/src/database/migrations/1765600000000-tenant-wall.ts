import { tenantWallMigration } from '@infra/platform';

/** Row-level security on every tenant table of tagging, forced (issue 23); the catalog test checks them. */
export const TenantWall1765600000000 = tenantWallMigration('TenantWall1765600000000', [
  'tags',
  'tag_assets',
  'tag_audit_log',
  'tag_imports',
  'tag_rules',
  'assets',
  'collections',
  'collection_assets',
]);
