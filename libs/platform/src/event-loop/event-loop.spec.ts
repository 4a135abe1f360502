import { parse } from 'csv-parse';
import { forEachInSlices, parsedInSlices } from './event-loop';

async function records(content: Buffer | string, sliceBytes: number): Promise<string[][]> {
  const read: string[][] = [];
  for await (const record of parsedInSlices<string[]>(parse(), content, sliceBytes)) read.push(record);
  return read;
}

describe('parsedInSlices', () => {
  const rows = Array.from({ length: 50 }, (_, n) => [`a${n}`, `"x😀\n${'é'.repeat(n % 7)}"`]);
  const text = `${rows.map((row) => row.join(',')).join('\n')}\n`;
  const expected = rows.map(([a, b]) => [a, b.slice(1, -1)]);

  it.each([1, 2, 3, 7, 64])('reads the same records whatever the slice (%i), text or bytes', async (sliceBytes) => {
    // Slices of 1 and 3 characters cut surrogate pairs and UTF-8 sequences everywhere.
    expect(await records(text, sliceBytes)).toEqual(expected);
    expect(await records(Buffer.from(text), sliceBytes)).toEqual(expected);
  });

  it('hands over the records read before a parse error, then throws it', async () => {
    const read: string[][] = [];
    await expect(
      (async () => {
        for await (const record of parsedInSlices<string[]>(parse(), 'a,b\nc,d\n"e', 4)) read.push(record);
      })(),
    ).rejects.toThrow(/Quote Not Closed/);
    expect(read).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('stops the parser when the reader stops early', async () => {
    const parser = parse();
    for await (const record of parsedInSlices<string[]>(parser, text, 16)) if (record) break;
    expect(parser.destroyed).toBe(true);
  });
});

describe('forEachInSlices', () => {
  it('visits every item in order and lets queued work run between slices', async () => {
    const seen: number[] = [];
    const events: string[] = [];
    setImmediate(() => events.push('other work'));
    await forEachInSlices([1, 2, 3, 4, 5], 2, (item, index) => {
      seen.push(item);
      events.push(`item ${index}`);
    });
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(events.indexOf('other work')).toBe(2);
  });

  it('ends a slice early when its items used the time budget (heavy items)', async () => {
    let now = 0;
    const clock = jest.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const events: string[] = [];
      setImmediate(() => events.push('other work'));
      // Each item "takes" 5 ms: the 8 ms budget is used after two, long before the count of 100.
      await forEachInSlices([1, 2, 3, 4], 100, (item) => {
        now += 5;
        events.push(`item ${item}`);
      });
      expect(events).toEqual(['item 1', 'item 2', 'other work', 'item 3', 'item 4']);
    } finally {
      clock.mockRestore();
    }
  });
});
