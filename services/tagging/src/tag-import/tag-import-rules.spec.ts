import { MESSAGES, TAG_RULE_MESSAGES, tagPairKey } from '@infra/contracts';
import { IMPORT_ISSUES, type ImportRecord } from './tag-import-file';
import { type ImportLookups, recordIssues, validationOf } from './tag-import-rules';

const record = (line: number, fields: Partial<ImportRecord> = {}): ImportRecord => ({
  line,
  key: 'env',
  value: 'prod',
  description: '',
  assets: [],
  ...fields,
});
const none: ImportLookups = { existingPairs: new Set(), assetsByExternalId: new Map() };

describe('recordIssues', () => {
  it('accepts valid records with an empty description', () => {
    expect(recordIssues([record(2), record(3, { key: 'team', description: 'Ops_team-1.,' })], none)).toEqual([]);
  });

  it.each([
    ['key', { key: 'has space' }, TAG_RULE_MESSAGES.key],
    ['key', { key: '' }, TAG_RULE_MESSAGES.key],
    ['key', { key: 'k'.repeat(513) }, TAG_RULE_MESSAGES.key],
    ['value', { value: 'a/b' }, TAG_RULE_MESSAGES.value],
    ['value', { value: 'v'.repeat(257) }, TAG_RULE_MESSAGES.value],
    ['description', { description: 'two words' }, TAG_RULE_MESSAGES.description],
    ['description', { description: 'd'.repeat(257) }, TAG_RULE_MESSAGES.description],
  ] as const)('names the %s rule', (dataField, fields, issue) => {
    expect(recordIssues([record(4, fields)], none)).toEqual([{ lineNumber: 4, dataField, issue }]);
  });

  it('reports a pair repeated in the file (any letter case) on the later line', () => {
    expect(recordIssues([record(2), record(3, { key: 'ENV', value: 'Prod' })], none)).toEqual([
      { lineNumber: 3, dataField: 'key', issue: TAG_RULE_MESSAGES.duplicateInRequest },
    ]);
  });

  it('reports a pair the organization has already', () => {
    const lookups = { ...none, existingPairs: new Set([tagPairKey('env', 'prod')]) };
    expect(recordIssues([record(2)], lookups)).toEqual([
      { lineNumber: 2, dataField: 'key', issue: TAG_RULE_MESSAGES.alreadyExists },
    ]);
  });

  it('reports each unknown asset', () => {
    const lookups = { ...none, assetsByExternalId: new Map([['i-1', ['a1']]]) };
    expect(recordIssues([record(2, { assets: ['i-1', 'i-9'] })], lookups)).toEqual([
      { lineNumber: 2, dataField: 'assets', issue: IMPORT_ISSUES.unknownAsset('i-9') },
    ]);
  });

  it('reports too many assets on one line', () => {
    const ids = Array.from({ length: 1001 }, (_, i) => `i-${i}`);
    const lookups = { ...none, assetsByExternalId: new Map(ids.map((id) => [id, [id]])) };
    expect(recordIssues([record(2, { assets: ids })], lookups)).toEqual([
      { lineNumber: 2, dataField: 'assets', issue: IMPORT_ISSUES.tooManyAssets },
    ]);
  });
});

describe('validationOf', () => {
  it('is valid with the §8 message when nothing is wrong', () => {
    expect(validationOf('t.csv', { ok: true, records: [record(2)], issues: [] }, none)).toEqual({
      fileName: 't.csv',
      valid: true,
      records: 1,
      message: MESSAGES.importValid,
      issues: [],
    });
  });

  it('lists every issue in line order with the has-issues message', () => {
    const shape = { lineNumber: 2, dataField: 'file' as const, issue: IMPORT_ISSUES.tooManyColumns };
    const answer = validationOf(
      't.csv',
      { ok: true, records: [record(2), record(3, { key: 'a b' })], issues: [shape] },
      none,
    );
    expect(answer.message).toBe(MESSAGES.importHasIssues);
    expect(answer.issues.map((issue) => issue.lineNumber)).toEqual([2, 3]);
  });

  it('keeps the file-level message of a file that could not be read', () => {
    const issue = { lineNumber: 1, dataField: 'header' as const, issue: MESSAGES.importHeaderMissing };
    expect(validationOf('t.csv', { ok: false, message: MESSAGES.importHeaderMissing, issues: [issue] })).toEqual({
      fileName: 't.csv',
      valid: false,
      records: 0,
      message: MESSAGES.importHeaderMissing,
      issues: [issue],
    });
  });
});
