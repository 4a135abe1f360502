import { assetFilterConditions } from './asset-filter';
import { join, raw, sql } from './sql';

describe('assetFilterConditions', () => {
  it('adds one condition per part of the filter, its values numbered in order after those before it', () => {
    const conditions = assetFilterConditions(raw('a.id'), 'org', {
      assetId: 'asset',
      collectionId: 'collection',
      tagIds: ['t1'],
      collectionIds: ['c1', 'c2'],
    });
    const statement = sql`SELECT 1 FROM assets a WHERE a.organization_id = ${'org'} AND ${join(conditions, ' AND ')}`;
    expect(statement.values).toEqual(['org', 'asset', 'org', 'collection', 'org', ['t1'], 'org', ['c1', 'c2']]);
    expect(statement.text).toContain('a.organization_id = $1 AND a.id = $2 AND');
    expect(statement.text).toContain('c.organization_id = $3\n      AND c.collection_id = $4 AND c.asset_id = a.id');
    expect(statement.text).toContain(
      't.organization_id = $5\n      AND t.tag_id = ANY($6::uuid[]) AND t.asset_id = a.id',
    );
    expect(statement.text).toContain('c.collection_id = ANY($8::uuid[]) AND c.asset_id = a.id');
  });

  it('gives no condition for an empty filter', () => {
    expect(assetFilterConditions(raw('b.asset_id'), 'org', { tagIds: [], collectionIds: [] })).toEqual([]);
  });
});
