import { MESSAGES, TAG_RULE_MESSAGES, TAGGING_LIMITS } from '@infra/contracts';
import en from '../../../public/locales/en/translation.json';
import {
  activityKey,
  assignIssues,
  assignRequestOf,
  countByStatus,
  hasIssues,
  IMPORT_MESSAGES,
  knownTextKey,
  newTagsOf,
  rowIssues,
  summaryStateOf,
  type TagRow,
  type TargetChoice,
} from './tagRules';
import { auditLogQueryString, tagListQueryString } from './tagsApi';

const row = (key: string, value: string, description = '', rowId = 0): TagRow => ({ rowId, key, value, description });

describe('tag texts', () => {
  it('has the contract texts word for word among the English texts', () => {
    expect(en.tags.rules).toEqual(TAG_RULE_MESSAGES);
    const { importSucceeded, ...fixed } = en.tags.import.messages;
    expect(fixed).toEqual(IMPORT_MESSAGES);
    expect(importSucceeded.replace('{{count}}', '12')).toBe(MESSAGES.importSucceeded(12));
  });

  it('maps a text the server sends to its translation key, and leaves any other text alone', () => {
    expect(knownTextKey(MESSAGES.importHasIssues)).toBe('tags.import.messages.importHasIssues');
    expect(knownTextKey(TAG_RULE_MESSAGES.value)).toBe('tags.rules.value');
    expect(knownTextKey('Unknown asset i-123')).toBeUndefined();
  });

  it('names each audit activity', () => {
    expect(activityKey('tag.created')).toBe('tags.audit.activities.tagCreated');
    expect(activityKey('tags.unassigned')).toBe('tags.audit.activities.tagsUnassigned');
    expect(Object.keys(en.tags.audit.activities)).toHaveLength(11);
  });
});

describe('Create Tags rules', () => {
  it('accepts valid rows and builds the request without empty descriptions', () => {
    const rows = [row('env', 'prod', 'Production'), row('team', 'web-1')];
    const issues = rowIssues(rows, new Set());
    expect(hasIssues(issues)).toBe(false);
    expect(newTagsOf(rows)).toEqual([
      { key: 'env', value: 'prod', description: 'Production' },
      { key: 'team', value: 'web-1' },
    ]);
  });

  it('flags each broken field with its rule', () => {
    // An empty key is required; a filled one that breaks the rule says the rule, not "required".
    expect(rowIssues([row('', 'has space', 'bad!')], new Set())).toEqual([
      { key: 'tags.rules.keyRequired', value: 'tags.rules.value', description: 'tags.rules.description' },
    ]);
    expect(rowIssues([row('has space', '')], new Set())).toEqual([
      { key: 'tags.rules.key', value: 'tags.rules.valueRequired' },
    ]);
    expect(rowIssues([row('k'.repeat(513), 'v')], new Set())[0]).toEqual({ key: 'tags.rules.key' });
    expect(rowIssues([row('k'.repeat(512), 'v'.repeat(256), 'd'.repeat(256))], new Set())[0]).toEqual({});
  });

  it('flags a pair repeated in the form (letter case aside) after its first row, and pairs that exist', () => {
    const existing = new Set(['team\u0000web']);
    const issues = rowIssues([row('env', 'prod'), row('Env', 'PROD'), row('team', 'Web')], existing);
    expect(issues).toEqual([{}, { value: 'tags.rules.duplicateInRequest' }, { value: 'tags.rules.alreadyExists' }]);
  });
});

describe('Tag Assignment rules', () => {
  const asset: TargetChoice = { kind: 'asset', id: 'a1', name: 'web-0001', detail: 'i-1' };
  const collection: TargetChoice = { kind: 'collection', id: 'c1', name: 'Web tier', detail: '' };

  it('sends assets and collections apart, leaving out an empty list', () => {
    expect(assignRequestOf([{ id: 't1' }], [asset, collection])).toEqual({
      tagIds: ['t1'],
      assetIds: ['a1'],
      collectionIds: ['c1'],
    });
    expect(assignRequestOf([{ id: 't1' }], [collection])).toEqual({ tagIds: ['t1'], collectionIds: ['c1'] });
  });

  it('needs a tag and a target, within the limits', () => {
    expect(assignIssues([], [])).toEqual({ tags: 'tags.assign.tagsRequired', targets: 'tags.assign.targetsRequired' });
    expect(assignIssues([{}], [asset])).toEqual({ tags: undefined, targets: undefined });
    const many = Array.from({ length: TAGGING_LIMITS.assignCollectionsMax + 1 }, (_, index) => ({
      ...collection,
      id: `c${index}`,
    }));
    expect(assignIssues(new Array(TAGGING_LIMITS.assignTagsMax + 1).fill({}), many)).toEqual({
      tags: 'tags.assign.tooManyTags',
      targets: 'tags.assign.tooManyTargets',
    });
  });
});

describe('tag counts and the summary state', () => {
  it('counts tags per status, zero for the missing ones', () => {
    expect(countByStatus([{ status: 'Active' }, { status: 'Active' }, { status: 'Archived' }])).toEqual({
      Active: 2,
      Offline: 0,
      Pending: 0,
      Archived: 1,
    });
  });

  it('reads a summary from the router state, and nothing else', () => {
    const assigned = {
      kind: 'assigned',
      tagIds: ['env:prod'],
      summary: { tags: 1, assets: 2, newlyAssigned: 2, alreadyPresent: 0, unassigned: 0 },
    };
    expect(summaryStateOf(assigned)).toEqual(assigned);
    expect(summaryStateOf({ kind: 'created', tags: [] })).toEqual({ kind: 'created', tags: [] });
    expect(summaryStateOf(null)).toBeUndefined();
    expect(summaryStateOf({ kind: 'assigned', tagIds: [] })).toBeUndefined();
  });
});

describe('tagging query strings', () => {
  it('leaves out empty values and keeps a fixed order', () => {
    expect(tagListQueryString({})).toBe('');
    expect(tagListQueryString({ search: '  web ', status: 'Active,Pending', includeSystemTags: true })).toBe(
      'includeSystemTags=true&status=Active%2CPending&search=web',
    );
    expect(tagListQueryString({ includeSystemTags: false, search: '  ' })).toBe('');
  });

  it('asks for the organization log without an id', () => {
    expect(auditLogQueryString({ page: 2, pageSize: 10 })).toBe('page=2&pageSize=10');
    expect(auditLogQueryString({ id: 't1', page: 1, pageSize: 5 })).toBe('id=t1&page=1&pageSize=5');
  });
});
