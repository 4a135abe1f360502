import { type LagClock, ReadModelLag } from './read-model-lag';

/** A clock that only the sleeps move (and, when given, each attempt: a slow look-up). */
function fakeClock() {
  const sleeps: number[] = [];
  let time = 0;
  const clock: LagClock = {
    now: () => time,
    sleep: (ms) => {
      sleeps.push(ms);
      time += ms;
      return Promise.resolve();
    },
  };
  return { clock, sleeps, spend: (ms: number) => (time += ms) };
}

describe('ReadModelLag', () => {
  it('asks once when everything is found', async () => {
    const { clock, sleeps } = fakeClock();
    let attempts = 0;
    await new ReadModelLag(1000, clock).waitFor(() => Promise.resolve(++attempts > 0));
    expect([attempts, sleeps]).toEqual([1, []]);
  });

  it('asks again, soon at first, until the read model caught up', async () => {
    const { clock, sleeps } = fakeClock();
    let attempts = 0;
    await new ReadModelLag(1000, clock).waitFor(() => Promise.resolve(++attempts === 4));
    expect([attempts, sleeps]).toEqual([4, [50, 100, 200]]);
  });

  it('gives up when the time is over: what is missing then is unknown', async () => {
    const { clock, sleeps } = fakeClock();
    let attempts = 0;
    await new ReadModelLag(3000, clock).waitFor(() => Promise.resolve(++attempts < 0));
    expect(sleeps).toEqual([50, 100, 200, 400, 800, 800, 650]);
    expect(attempts).toBe(8);
  });

  it('counts the time the look-ups take (a busy machine asks fewer times, not for longer)', async () => {
    const { clock, spend } = fakeClock();
    let attempts = 0;
    await new ReadModelLag(3000, clock).waitFor(() => {
      attempts += 1;
      spend(1000);
      return Promise.resolve(false);
    });
    expect(attempts).toBe(3);
  });

  it('does not wait at all when told not to', async () => {
    let attempts = 0;
    await ReadModelLag.none.waitFor(() => Promise.resolve(++attempts < 0));
    expect(attempts).toBe(1);
  });
});
