import { csvCell, csvText } from './csv-text';

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
