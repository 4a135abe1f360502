import fc from 'fast-check';
import { parseJsonInSlices } from './json-in-slices';

/** What parseJsonInSlices answers: the value, or the syntax error's class. */
async function sliced(text: string): Promise<unknown> {
  try {
    const parsed = await parseJsonInSlices(text);
    return parsed.tooDeep ? 'too deep' : { value: parsed.value };
  } catch (error) {
    return error instanceof SyntaxError ? 'SyntaxError' : error;
  }
}

function whole(text: string): unknown {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return error instanceof SyntaxError ? 'SyntaxError' : error;
  }
}

/** A body shaped like the large ones (telemetry samples, impacts), about 700 KB: arrays parsed a group at a time. */
const sample = (n: number) => ({ externalId: `i-${n}`, hour: '2026-06-15T09:00:00Z', cpuUtil: n % 100, cost: null });
const largeBody = (count = 5000) => ({
  businessEventId: 'e-1',
  samples: Array.from({ length: count }, (_, n) => sample(n)),
});

describe('parseJsonInSlices', () => {
  it('answers what JSON.parse answers for any JSON text, laid out in any way', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.constantFrom(undefined, 1, '\t', ' \n '), async (value, space) => {
        const text = JSON.stringify(value, null, space);
        expect(await sliced(text)).toEqual(whole(text));
      }),
      { numRuns: 300, seed: 20 },
    );
  });

  it('parses a large body a group of elements at a time, with the same value and key order', async () => {
    const text = JSON.stringify(largeBody(), null, 1);
    const parsed = await parseJsonInSlices(text);
    expect(parsed).toEqual({ tooDeep: false, unicodeEscapes: false, value: JSON.parse(text) });
    expect(Object.keys((parsed as { value: object }).value)).toEqual(['businessEventId', 'samples']);
    // A top-level array too.
    const array = JSON.stringify(largeBody().samples);
    expect(await sliced(array)).toEqual(whole(array));
  });

  it('lets other work run while it parses a large body', async () => {
    let turns = 0;
    const text = JSON.stringify(largeBody(20_000));
    const counting = (async () => {
      while (turns >= 0) {
        turns++;
        await new Promise((resolve) => setImmediate(resolve));
        if (turns > 10_000) break;
      }
    })();
    await parseJsonInSlices(text);
    const during = turns;
    turns = -1;
    await counting;
    expect(during).toBeGreaterThan(5);
  });

  it('keeps JSON.parse semantics for __proto__, repeated keys and escapes', async () => {
    const members = `"samples":${JSON.stringify(largeBody(3000).samples)}`;
    for (const text of [
      `{"__proto__":{"polluted":true},${members}}`,
      `{"a":1,${members},"a":2}`,
      `{"a\\u0041":"\\ud83d\\ude00",${members}}`,
    ]) {
      const parsed = await sliced(text);
      expect(parsed).toEqual(whole(text));
      expect(Object.getPrototypeOf((parsed as { value: object }).value)).toBe(Object.prototype);
    }
    expect(await parseJsonInSlices(`{"a":"\\u0000",${members}}`)).toMatchObject({ unicodeEscapes: true });
  });

  it('refuses what JSON.parse refuses, also where only the whole tells (a trailing or doubled comma)', async () => {
    const samples = JSON.stringify(largeBody(3000).samples);
    for (const text of [
      `{"samples":${samples.slice(0, -1)},]}`,
      `{"samples":[,${samples.slice(1)}}`,
      `{"samples":${samples.replace('},{', '},,{')}}`,
      `{"samples":${samples},}`,
      `{"samples":${samples}} {}`,
      `{"samples":${samples}`,
      `{"samples" ${samples}}`,
      `{samples:${samples}}`,
      `${samples}]`,
    ])
      expect(await sliced(text)).toBe('SyntaxError');
  });

  it('answers as JSON.parse for a large body with one character changed anywhere', async () => {
    const text = JSON.stringify(largeBody(2000));
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: text.length - 1 }),
        fc.constantFrom('', ',', '[', ']', '{', '}', '"', ':', ' ', '\\', '1'),
        async (at, replacement) => {
          const changed = text.slice(0, at) + replacement + text.slice(at + 1);
          expect(await sliced(changed)).toEqual(whole(changed));
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  });

  it('stops at the depth limit without parsing', async () => {
    expect(await sliced(`${'['.repeat(65)}${']'.repeat(65)}`)).toBe('too deep');
    expect(await sliced(`${'['.repeat(64)}${']'.repeat(64)}`)).toEqual(whole(`${'['.repeat(64)}${']'.repeat(64)}`));
  });
});
