import { csvCell, csvText, formulaSafeCsv } from './csv-cells';

describe('csvCell', () => {
  it.each(['=SUM(A1)', '+1', '-1', '@cmd', '\t=1'])('neutralises %s with a leading quote', (cell) => {
    expect(csvCell(cell)).toBe(`'${cell}`);
  });

  it('keeps ordinary cells and quotes commas, quotes and newlines', () => {
    expect(csvCell('env')).toBe('env');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('writes rows with CRLF line ends', () => {
    expect(
      csvText([
        ['key', 'value'],
        ['-x', 'y'],
      ]),
    ).toBe("key,value\r\n'-x,y\r\n");
  });
});

describe('formulaSafeCsv', () => {
  it('writes every cell of a stored file again, formulas made text (OWASP CSV injection)', async () => {
    const uploaded = 'key,value,description\nenv,"=cmd|\' /C calc\'!A0",=HYPERLINK("http://x")\n\n"a,b",@x,plain\n';
    expect(await formulaSafeCsv(Buffer.from(`\ufeff${uploaded}`))).toBe(
      'key,value,description\r\n' + `env,'=cmd|' /C calc'!A0,"'=HYPERLINK(""http://x"")"\r\n` + `"a,b",'@x,plain\r\n`,
    );
  });

  it('cuts a file that is not valid CSV at commas and line ends, still neutralised', async () => {
    expect(await formulaSafeCsv(Buffer.from('key,value\n"env,=1\n'))).toBe('key,value\r\n"""env",\'=1\r\n');
  });

  it('serves an empty file empty', async () => {
    expect(await formulaSafeCsv(Buffer.alloc(0))).toBe('');
  });
});
