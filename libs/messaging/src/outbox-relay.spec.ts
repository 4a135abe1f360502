import { bySize } from './outbox-relay';

describe('bySize (what the relay puts in one send)', () => {
  const length = (text: string) => text.length;

  it('cuts before the bytes would pass the bound, keeping the order', () => {
    expect(bySize(['aaa', 'bb', 'cccc', 'd'], length, 5)).toEqual([
      ['aaa', 'bb'],
      ['cccc', 'd'],
    ]);
  });

  it('sends a row larger than the bound alone rather than never', () => {
    expect(bySize(['a', 'bbbbbbb', 'c'], length, 5)).toEqual([['a'], ['bbbbbbb'], ['c']]);
  });

  it('cuts at the count of rows too (many small events)', () => {
    const rows = Array.from({ length: 250 }, (_, index) => String(index));
    expect(bySize(rows, length, 1024 * 1024, 100).map((chunk) => chunk.length)).toEqual([100, 100, 50]);
    expect(bySize(rows, length).flat()).toEqual(rows);
  });
});
