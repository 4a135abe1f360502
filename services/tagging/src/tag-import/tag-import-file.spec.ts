import { MESSAGES } from '@infra/contracts';
import { IMPORT_ISSUES, type ParsedImportFile, readImportFile } from './tag-import-file';

const read = (text: string, fileName = 'tags.csv') => readImportFile(fileName, Buffer.from(text, 'utf8'));
const records = (parsed: ParsedImportFile) => {
  if (!parsed.ok) throw new Error(`not ok: ${parsed.message}`);
  return parsed.records;
};

describe('readImportFile', () => {
  it('reads UTF-8 with a BOM, CRLF line ends and a trailing blank line', async () => {
    const parsed = await read('\ufeffkey,value,description\r\nenv,prod,Production\r\nteam,ops,\r\n\r\n');
    expect(records(parsed)).toEqual([
      { line: 2, key: 'env', value: 'prod', description: 'Production', assets: [] },
      { line: 3, key: 'team', value: 'ops', description: '', assets: [] },
    ]);
    expect(parsed.issues).toEqual([]);
  });

  it('reads quoted fields with commas and quotes', async () => {
    const [record] = records(await read('key,value,description\nenv,prod,"a,b ""c"""\n'));
    expect(record!.description).toBe('a,b "c"');
  });

  it('numbers lines as an editor does when a quoted field spans lines or blank lines are skipped', async () => {
    const parsed = await read('key,value,description\nenv,prod,"one\ntwo\nthree"\n\n,,\nteam,ops,x\n');
    expect(records(parsed).map((record) => record.line)).toEqual([2, 7]);
  });

  it('splits the assets column on |, trimmed and each once', async () => {
    const [record] = records(await read('key,value,description,assets\nenv,prod,,i-1| i-2 |i-1||\n'));
    expect(record!.assets).toEqual(['i-1', 'i-2']);
  });

  it('accepts header names in any letter case', async () => {
    expect(records(await read('Key,VALUE,Description\nenv,prod,\n'))).toHaveLength(1);
  });

  it('refuses a file whose name is not .csv', async () => {
    expect(await read('key,value,description\nenv,prod,\n', 'tags.xlsx')).toEqual({
      ok: false,
      message: MESSAGES.importHasIssues,
      issues: [{ lineNumber: 0, dataField: 'file', issue: IMPORT_ISSUES.notCsv }],
    });
  });

  it.each([
    ['an empty file', ''],
    ['a missing header', 'env,prod,Production\n'],
    ['a header with a missing column', 'key,value\nenv,prod\n'],
    ['an unknown extra column', 'key,value,description,owner\nenv,prod,,me\n'],
  ])('refuses %s with the header message', async (_, text) => {
    expect(await read(text)).toEqual({
      ok: false,
      message: MESSAGES.importHeaderMissing,
      issues: [{ lineNumber: 1, dataField: 'header', issue: MESSAGES.importHeaderMissing }],
    });
  });

  it('refuses a file without records', async () => {
    expect(await read('key,value,description\r\n\r\n')).toEqual({
      ok: false,
      message: MESSAGES.importNoTags,
      issues: [{ lineNumber: 2, dataField: 'file', issue: MESSAGES.importNoTags }],
    });
  });

  it('accepts 5000 records and refuses 5001, naming the first line too many', async () => {
    const lines = (count: number) =>
      `key,value,description\n${Array.from({ length: count }, (_, i) => `k${i},v,`).join('\n')}\n`;
    expect(records(await read(lines(5000)))).toHaveLength(5000);
    expect(await read(lines(5001))).toEqual({
      ok: false,
      message: MESSAGES.importTooMany,
      issues: [{ lineNumber: 5002, dataField: 'file', issue: MESSAGES.importTooMany }],
    });
  });

  it('reports a line with more columns than the header', async () => {
    const parsed = await read('key,value,description\nenv,prod,x,extra\n');
    expect(parsed.issues).toEqual([{ lineNumber: 2, dataField: 'file', issue: IMPORT_ISSUES.tooManyColumns }]);
  });

  it('reports a quote that is never closed', async () => {
    const parsed = await read('key,value,description\nenv,prod,x\nteam,"ops,y\n');
    expect(parsed.ok).toBe(false);
    expect(parsed.issues).toEqual([{ lineNumber: 3, dataField: 'file', issue: IMPORT_ISSUES.notCsvText }]);
  });
});
