import { formulaSafeCsv } from './csv-cells';

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
