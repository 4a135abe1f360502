import { assetFilterConditions } from './asset-filter';

describe('assetFilterConditions', () => {
  it('adds one condition per part of the filter, its values as parameters after those given', () => {
    const params: unknown[] = ['org'];
    const conditions = assetFilterConditions('a.id', params, {
      assetId: 'asset',
      collectionId: 'collection',
      tagIds: ['t1'],
      collectionIds: ['c1', 'c2'],
    });
    expect(params).toEqual(['org', 'asset', 'collection', ['t1'], ['c1', 'c2']]);
    expect(conditions[0]).toBe('a.id = $2');
    expect(conditions[1]).toContain('c.collection_id = $3 AND c.asset_id = a.id');
    expect(conditions[2]).toContain('t.tag_id = ANY($4::uuid[]) AND t.asset_id = a.id');
    expect(conditions[3]).toContain('c.collection_id = ANY($5::uuid[]) AND c.asset_id = a.id');
  });

  it('gives no condition for an empty filter', () => {
    expect(assetFilterConditions('b.asset_id', ['org'], { tagIds: [], collectionIds: [] })).toEqual([]);
  });
});
