import { MESSAGES, TAG_RULE_MESSAGES, TAGGING_LIMITS, tagPairKey } from '@infra/contracts';
import { ImportIssues } from './import-issues';
import { IMPORT_ISSUES, type ImportRecord, readImportFile } from './tag-import-file';
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
    expect(recordIssues([record(2), record(3, { key: 'team', description: 'Ops_team-1.,' })], none).listed).toEqual([]);
  });

  it.each([
    ['key', { key: 'has space' }, TAG_RULE_MESSAGES.key],
    ['key', { key: '' }, TAG_RULE_MESSAGES.keyRequired],
    ['value', { value: '' }, TAG_RULE_MESSAGES.valueRequired],
    ['key', { key: 'k'.repeat(513) }, TAG_RULE_MESSAGES.key],
    ['value', { value: 'a/b' }, TAG_RULE_MESSAGES.value],
    ['value', { value: 'v'.repeat(257) }, TAG_RULE_MESSAGES.value],
    ['description', { description: 'two words' }, TAG_RULE_MESSAGES.description],
    ['description', { description: 'd'.repeat(257) }, TAG_RULE_MESSAGES.description],
  ] as const)('names the %s rule', (dataField, fields, issue) => {
    expect(recordIssues([record(4, fields)], none).listed).toEqual([{ lineNumber: 4, dataField, issue }]);
  });

  it('reports a pair repeated in the file (any letter case) on the later line', () => {
    expect(recordIssues([record(2), record(3, { key: 'ENV', value: 'Prod' })], none).listed).toEqual([
      { lineNumber: 3, dataField: 'key', issue: TAG_RULE_MESSAGES.duplicateInRequest },
    ]);
  });

  it('reports a pair the organization has already', () => {
    const lookups = { ...none, existingPairs: new Set([tagPairKey('env', 'prod')]) };
    expect(recordIssues([record(2)], lookups).listed).toEqual([
      { lineNumber: 2, dataField: 'key', issue: TAG_RULE_MESSAGES.alreadyExists },
    ]);
  });

  it('reports each unknown asset', () => {
    const lookups = { ...none, assetsByExternalId: new Map([['i-1', ['a1']]]) };
    expect(recordIssues([record(2, { assets: ['i-1', 'i-9'] })], lookups).listed).toEqual([
      { lineNumber: 2, dataField: 'assets', issue: IMPORT_ISSUES.unknownAsset('i-9') },
    ]);
  });

  it('reports too many assets on one line', () => {
    const ids = Array.from({ length: 1001 }, (_, i) => `i-${i}`);
    const lookups = { ...none, assetsByExternalId: new Map(ids.map((id) => [id, [id]])) };
    expect(recordIssues([record(2, { assets: ids })], lookups).listed).toEqual([
      { lineNumber: 2, dataField: 'assets', issue: IMPORT_ISSUES.tooManyAssets },
    ]);
  });
});

describe('validationOf', () => {
  it('is valid with the §8 message when nothing is wrong', () => {
    expect(validationOf('t.csv', { ok: true, records: [record(2)] }, none)).toEqual({
      fileName: 't.csv',
      valid: true,
      records: 1,
      message: MESSAGES.importValid,
      issues: [],
      issueCount: 0,
      issueCountByField: {},
    });
  });

  it('lists every issue in line order with the has-issues message', () => {
    const answer = validationOf(
      't.csv',
      { ok: true, records: [record(2, { extraColumns: true }), record(3, { key: 'a b' })] },
      none,
    );
    expect(answer.message).toBe(MESSAGES.importHasIssues);
    expect(answer.issues).toEqual([
      { lineNumber: 2, dataField: 'file', issue: IMPORT_ISSUES.tooManyColumns },
      { lineNumber: 3, dataField: 'key', issue: TAG_RULE_MESSAGES.key },
    ]);
    expect([answer.issueCount, answer.issueCountByField]).toEqual([2, { file: 1, key: 1 }]);
  });

  it('keeps the file-level message of a file that could not be read', () => {
    const issue = { lineNumber: 1, dataField: 'header' as const, issue: MESSAGES.importHeaderMissing };
    const parsed = { ok: false as const, message: MESSAGES.importHeaderMissing, issues: ImportIssues.of(issue) };
    expect(validationOf('t.csv', parsed)).toEqual({
      fileName: 't.csv',
      valid: false,
      records: 0,
      message: MESSAGES.importHeaderMissing,
      issues: [issue],
      issueCount: 1,
      issueCountByField: { header: 1 },
    });
  });

  describe('answers in proportion: the first issues by line, and the counts', () => {
    const listedMax = TAGGING_LIMITS.importIssuesListedMax;

    it('5000 bad lines: 1000 issues listed (the first by line), every issue counted, per field', () => {
      const records = Array.from({ length: 5000 }, (_, i) =>
        record(i + 2, { key: 'bad key', value: `v${i}`, assets: ['i-gone'] }),
      );
      const answer = validationOf('t.csv', { ok: true, records }, none);
      expect(answer.issues).toHaveLength(listedMax);
      expect(answer.issues.slice(0, 2)).toEqual([
        { lineNumber: 2, dataField: 'key', issue: TAG_RULE_MESSAGES.key },
        { lineNumber: 2, dataField: 'assets', issue: IMPORT_ISSUES.unknownAsset('i-gone') },
      ]);
      expect(answer.issues.at(-1)?.lineNumber).toBe(2 + listedMax / 2 - 1);
      expect(answer.issueCount).toBe(10_000);
      expect(answer.issueCountByField).toEqual({ key: 5000, assets: 5000 });
    });

    it('a 10 MiB file naming a million unknown assets answers in under 1 MB', async () => {
      // 5000 lines, each naming 220 unknown external ids (~2 KiB per line).
      const lines = Array.from({ length: 5000 }, (_, i) => {
        const ids = Array.from({ length: 220 }, (_, j) => `u${i}-${j}`).join('|');
        return `k${i},v,,${ids}`;
      });
      const content = Buffer.from(`key,value,description,assets\n${lines.join('\n')}\n`);
      expect(content.length).toBeGreaterThan(9.5 * 1024 * 1024);
      expect(content.length).toBeLessThanOrEqual(TAGGING_LIMITS.importFileMaxBytes);
      const answer = validationOf('big.csv', await readImportFile('big.csv', content), none);
      expect(answer.issueCount).toBe(1_100_000);
      expect(answer.issueCountByField).toEqual({ assets: 1_100_000 });
      expect(answer.issues).toHaveLength(listedMax);
      expect(Buffer.byteLength(JSON.stringify(answer))).toBeLessThan(1024 * 1024);
    });

    it('names a huge external id shortened, so one issue cannot be megabytes', () => {
      const huge = 'x'.repeat(1024 * 1024);
      const [issue] = recordIssues([record(2, { assets: [huge] })], none).listed;
      expect(issue?.issue.length).toBeLessThan(200);
      expect(issue?.issue).toContain(`${'x'.repeat(100)}…`);
    });

    it('a line with more assets than allowed is one issue, not one per unknown asset', () => {
      const ids = Array.from({ length: 5000 }, (_, i) => `i-${i}`);
      expect(recordIssues([record(2, { assets: ids })], none).listed).toEqual([
        { lineNumber: 2, dataField: 'assets', issue: IMPORT_ISSUES.tooManyAssets },
      ]);
    });
  });
});
