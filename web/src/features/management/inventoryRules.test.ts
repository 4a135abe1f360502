import { INVENTORY_LIMITS } from '@infra/contracts';
import {
  assetSortParam,
  batches,
  collectionNameError,
  membershipCalls,
  membershipChange,
  RULE_KEYS,
  searchParam,
  viewDescriptionError,
  viewNameError,
} from './inventoryRules';

describe('view name and description rules (§5)', () => {
  it('takes 1 to 30 letters, digits, _ and -', () => {
    expect(viewNameError('web-tier_2')).toBeNull();
    expect(viewNameError('a'.repeat(30))).toBeNull();
    expect(viewNameError('')).toBe(RULE_KEYS.viewNameRequired);
    expect(viewNameError('a'.repeat(31))).toBe(RULE_KEYS.viewName);
    expect(viewNameError('web tier')).toBe(RULE_KEYS.viewName);
    expect(viewNameError('web,tier')).toBe(RULE_KEYS.viewName);
    expect(viewNameError('café')).toBe(RULE_KEYS.viewName);
  });

  it('takes an empty description, or up to 256 letters, digits, _, comma and -', () => {
    expect(viewDescriptionError('')).toBeNull();
    expect(viewDescriptionError('Databases,batch-jobs_2')).toBeNull();
    expect(viewDescriptionError('x'.repeat(256))).toBeNull();
    expect(viewDescriptionError('x'.repeat(257))).toBe(RULE_KEYS.viewDescription);
    expect(viewDescriptionError('two words')).toBe(RULE_KEYS.viewDescription);
    expect(viewDescriptionError('end.')).toBe(RULE_KEYS.viewDescription);
  });
});

describe('collection names', () => {
  it('need a non-blank name of at most 100 characters without control characters', () => {
    expect(collectionNameError('Web tier (prod)')).toBeNull();
    expect(collectionNameError('  padded  ')).toBeNull();
    expect(collectionNameError('x'.repeat(100))).toBeNull();
    expect(collectionNameError('   ')).toBe(RULE_KEYS.collectionName);
    expect(collectionNameError('x'.repeat(101))).toBe(RULE_KEYS.collectionName);
    expect(collectionNameError('tab\there')).toBe(RULE_KEYS.collectionName);
  });
});

describe('grid to API', () => {
  it('maps the sort model to the sort parameter, descending with a minus', () => {
    expect(assetSortParam([])).toBeUndefined();
    expect(assetSortParam([{ field: 'name', sort: 'asc' }])).toBe('name');
    expect(assetSortParam([{ field: 'updatedAt', sort: 'desc' }])).toBe('-updatedAt');
    expect(assetSortParam([{ field: 'cpu_cores', sort: null }])).toBeUndefined();
    // A column the API cannot sort by is left to the API's default order.
    expect(assetSortParam([{ field: 'storage', sort: 'asc' }])).toBeUndefined();
  });

  it('trims the filter text and leaves out an empty one', () => {
    expect(searchParam('  m6i ')).toBe('m6i');
    expect(searchParam('   ')).toBeUndefined();
    expect(searchParam('x'.repeat(250))).toHaveLength(200);
  });
});

describe('membership changes', () => {
  it('adds what is new and removes what is gone', () => {
    expect(membershipChange(['a', 'b', 'c'], ['b', 'c', 'd', 'e'])).toEqual({ add: ['d', 'e'], remove: ['a'] });
    expect(membershipChange(['a'], ['a'])).toEqual({ add: [], remove: [] });
  });

  it('splits large changes into calls the API accepts, and sends nothing when nothing changed', () => {
    const before = Array.from({ length: 1500 }, (_, index) => `old-${index}`);
    const after = Array.from({ length: 2001 }, (_, index) => `new-${index}`);
    const calls = membershipCalls(before, after);
    expect(calls.map((call) => [call.add?.length ?? 0, call.remove?.length ?? 0])).toEqual([
      [1000, 0],
      [1000, 0],
      [1, 0],
      [0, 1000],
      [0, 500],
    ]);
    expect(membershipCalls(['a'], ['a'])).toEqual([]);
    expect(batches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(INVENTORY_LIMITS.idsPerCallMax).toBe(1000);
  });
});
