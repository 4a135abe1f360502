import { tenantWallMigration } from '@infra/platform';

/** Row-level security on every tenant table of the events service, forced (issue 23); the catalog test checks them. */
export const TenantWall1767100000000 = tenantWallMigration('TenantWall1767100000000', [
  'business_events',
  'business_event_rules',
  'business_event_assets',
  'business_event_impacts',
  'assets',
  'collections',
  'collection_assets',
  'tags',
  'asset_tags',
]);
