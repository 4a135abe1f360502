import { MESSAGES, TAGGING_LIMITS } from '@infra/contracts';
import { IMPORT_ISSUES, type ParsedImportFile, readImportFile } from './tag-import-file';

const read = (text: string, fileName = 'tags.csv') => readImportFile(fileName, Buffer.from(text, 'utf8'));
const records = (parsed: ParsedImportFile) => {
  if (!parsed.ok) throw new Error(`not ok: ${parsed.message}`);
  return parsed.records;
};
/** A file-level problem with its listed issues, as plain data. */
const problemOf = (parsed: ParsedImportFile) => {
  if (parsed.ok) throw new Error('the file was read');
  return { ok: parsed.ok, message: parsed.message, issues: parsed.issues.listed };
};

describe('readImportFile', () => {
  it('reads UTF-8 with a BOM, CRLF line ends and a trailing blank line', async () => {
    const parsed = await read('\ufeffkey,value,description\r\nenv,prod,Production\r\nteam,ops,\r\n\r\n');
    expect(records(parsed)).toEqual([
      { line: 2, key: 'env', value: 'prod', description: 'Production', assets: [] },
      { line: 3, key: 'team', value: 'ops', description: '', assets: [] },
    ]);
    expect(parsed.ok).toBe(true);
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
    expect(problemOf(await read('key,value,description\nenv,prod,\n', 'tags.xlsx'))).toEqual({
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
    expect(problemOf(await read(text))).toEqual({
      ok: false,
      message: MESSAGES.importHeaderMissing,
      issues: [{ lineNumber: 1, dataField: 'header', issue: MESSAGES.importHeaderMissing }],
    });
  });

  it('refuses a file without records', async () => {
    expect(problemOf(await read('key,value,description\r\n\r\n'))).toEqual({
      ok: false,
      message: MESSAGES.importNoTags,
      issues: [{ lineNumber: 2, dataField: 'file', issue: MESSAGES.importNoTags }],
    });
  });

  it('accepts 5000 records and refuses 5001, naming the first line too many', async () => {
    const lines = (count: number) =>
      `key,value,description\n${Array.from({ length: count }, (_, i) => `k${i},v,`).join('\n')}\n`;
    expect(records(await read(lines(5000)))).toHaveLength(5000);
    expect(problemOf(await read(lines(5001)))).toEqual({
      ok: false,
      message: MESSAGES.importTooMany,
      issues: [{ lineNumber: 5002, dataField: 'file', issue: MESSAGES.importTooMany }],
    });
  });

  it('reports a line with more columns than the header', async () => {
    const parsed = await read('key,value,description\nenv,prod,x,extra\n');
    expect(records(parsed)).toEqual([expect.objectContaining({ line: 2, extraColumns: true })]);
  });

  it('reports a quote that is never closed', async () => {
    const parsed = await read('key,value,description\nenv,prod,x\nteam,"ops,y\n');
    expect(problemOf(parsed).issues).toEqual([{ lineNumber: 3, dataField: 'file', issue: IMPORT_ISSUES.notCsvText }]);
  });

  describe('a file that is not UTF-8 text is an issue on its line, never a hang or an error', () => {
    const header = Buffer.from('key,value,description\n');
    const line = (text: string) => Buffer.from(`${text}\n`);

    it('a NUL byte (which PostgreSQL refuses in text)', async () => {
      const content = Buffer.concat([header, line('env,prod,'), Buffer.from('team,o\0ps,\nowner,me,\0\n')]);
      expect(problemOf(await readImportFile('nul.csv', content))).toEqual({
        ok: false,
        message: MESSAGES.importHasIssues,
        issues: [
          { lineNumber: 3, dataField: 'file', issue: IMPORT_ISSUES.nulByte },
          { lineNumber: 4, dataField: 'file', issue: IMPORT_ISSUES.nulByte },
        ],
      });
    });

    it('bytes that are not UTF-8 (a Latin-1 export), on the line they are on', async () => {
      const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2c, 0x76, 0x2c, 0x0a]); // "café,v," in Latin-1
      const content = Buffer.concat([header, line('env,prod,'), line('team,ops,'), latin1]);
      expect(problemOf(await readImportFile('latin1.csv', content)).issues).toEqual([
        { lineNumber: 4, dataField: 'file', issue: IMPORT_ISSUES.notUtf8 },
      ]);
    });

    it('a binary file (UTF-16, an image): counted in full, listed up to the bound', async () => {
      const utf16 = Buffer.from('\ufeffkey,value,description\r\nenv,prod,\r\n', 'utf16le');
      expect(problemOf(await readImportFile('utf16.csv', utf16)).issues[0]).toEqual({
        lineNumber: 1,
        dataField: 'file',
        issue: IMPORT_ISSUES.nulByte,
      });
      // 3000 lines of random-looking bytes, each with a NUL.
      const binary = Buffer.concat(Array.from({ length: 3000 }, () => Buffer.from([0x89, 0, 0xff, 0x0a])));
      const parsed = await readImportFile('image.csv', binary);
      if (parsed.ok) throw new Error('a binary file was read');
      expect(parsed.issues.count).toBe(3000);
      expect(parsed.issues.byField).toEqual({ file: 3000 });
      expect(parsed.issues.listed).toHaveLength(TAGGING_LIMITS.importIssuesListedMax);
      expect(parsed.issues.listed.at(-1)?.lineNumber).toBe(TAGGING_LIMITS.importIssuesListedMax);
    });

    it('keeps a valid UTF-8 file with a BOM and accents', async () => {
      const parsed = await read('\ufeffkey,value,description\nenv,prod,\nteam,café,\n');
      expect(records(parsed)).toHaveLength(2);
    });
  });
});
