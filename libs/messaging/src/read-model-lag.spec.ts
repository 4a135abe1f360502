import { ReadModelLag } from './read-model-lag';

describe('ReadModelLag', () => {
  const sleeps: number[] = [];
  const lag = new ReadModelLag(1000, (ms) => Promise.resolve(void sleeps.push(ms)));
  beforeEach(() => (sleeps.length = 0));

  it('asks once when everything is found', async () => {
    let attempts = 0;
    await lag.waitFor(() => Promise.resolve(++attempts > 0));
    expect([attempts, sleeps]).toEqual([1, []]);
  });

  it('asks again until the read model caught up', async () => {
    let attempts = 0;
    await lag.waitFor(() => Promise.resolve(++attempts === 3));
    expect([attempts, sleeps]).toEqual([3, [100, 100]]);
  });

  it('gives up after the wait: what is missing then is unknown', async () => {
    let attempts = 0;
    await lag.waitFor(() => Promise.resolve(++attempts < 0));
    expect(attempts).toBe(11);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('does not wait at all when told not to', async () => {
    let attempts = 0;
    await ReadModelLag.none.waitFor(() => Promise.resolve(++attempts < 0));
    expect(attempts).toBe(1);
  });
});
