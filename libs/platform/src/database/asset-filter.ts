import { sql, type Sql } from './sql';

/** Which assets a query keeps: one asset, a collection's members, and any of some tags or collections. */
export interface AssetFilterSql {
  assetId?: string;
  collectionId?: string;
  tagIds?: readonly string[];
  collectionIds?: readonly string[];
}

/**
 * The conditions (to AND together) keeping the assets of `organizationId` in `filter`, on `assetColumn` (e.g. `a.id`,
 * a trusted alias), through the service's `asset_tags` and `collection_assets` tables (the same in every service that
 * filters assets). An empty filter gives no condition.
 */
export function assetFilterConditions(assetColumn: Sql, organizationId: string, filter: AssetFilterSql): Sql[] {
  const conditions: Sql[] = [];
  if (filter.assetId) conditions.push(sql`${assetColumn} = ${filter.assetId}`);
  if (filter.collectionId)
    conditions.push(sql`EXISTS (SELECT 1 FROM collection_assets c WHERE c.organization_id = ${organizationId}
      AND c.collection_id = ${filter.collectionId} AND c.asset_id = ${assetColumn})`);
  if (filter.tagIds?.length)
    conditions.push(sql`EXISTS (SELECT 1 FROM asset_tags t WHERE t.organization_id = ${organizationId}
      AND t.tag_id = ANY(${filter.tagIds}::uuid[]) AND t.asset_id = ${assetColumn})`);
  if (filter.collectionIds?.length)
    conditions.push(sql`EXISTS (SELECT 1 FROM collection_assets c WHERE c.organization_id = ${organizationId}
      AND c.collection_id = ANY(${filter.collectionIds}::uuid[]) AND c.asset_id = ${assetColumn})`);
  return conditions;
}
