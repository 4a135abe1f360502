/** Which assets a query keeps: one asset, a collection's members, and any of some tags or collections. */
export interface AssetFilterSql {
  assetId?: string;
  collectionId?: string;
  tagIds?: readonly string[];
  collectionIds?: readonly string[];
}

/**
 * The conditions (to AND together) keeping the assets of `filter`, on `assetColumn` (e.g. `a.id`), through the
 * service's `asset_tags` and `collection_assets` tables (the same in every service that filters assets). `$1` must
 * be the organization id; the filter's values are appended to `params`. An empty filter gives no condition.
 */
export function assetFilterConditions(assetColumn: string, params: unknown[], filter: AssetFilterSql): string[] {
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.assetId) conditions.push(`${assetColumn} = ${param(filter.assetId)}`);
  if (filter.collectionId)
    conditions.push(`EXISTS (SELECT 1 FROM collection_assets c WHERE c.organization_id = $1
      AND c.collection_id = ${param(filter.collectionId)} AND c.asset_id = ${assetColumn})`);
  if (filter.tagIds?.length)
    conditions.push(`EXISTS (SELECT 1 FROM asset_tags t WHERE t.organization_id = $1
      AND t.tag_id = ANY(${param(filter.tagIds)}::uuid[]) AND t.asset_id = ${assetColumn})`);
  if (filter.collectionIds?.length)
    conditions.push(`EXISTS (SELECT 1 FROM collection_assets c WHERE c.organization_id = $1
      AND c.collection_id = ANY(${param(filter.collectionIds)}::uuid[]) AND c.asset_id = ${assetColumn})`);
  return conditions;
}
