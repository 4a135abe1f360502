import { AnswerCache } from './answer-cache';

/** A look-up the test answers when it chooses, so "in flight" is a state, not a race. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('AnswerCache', () => {
  it('forgets the answers that match and keeps the others', async () => {
    const asked: string[] = [];
    const cache = new AnswerCache<string, { role: string }, string>({
      max: 10,
      ttl: 60_000,
      fetchMethod: (key, _stale, { context }) => (asked.push(key), Promise.resolve({ role: context })),
    });
    await cache.fetch('alice:org-1', 'User');
    await cache.fetch('bob:org-1', 'User');
    cache.forget((key) => key.startsWith('alice:'));
    expect(await cache.fetch('alice:org-1', 'Admin')).toEqual({ role: 'Admin' });
    expect(await cache.fetch('bob:org-1', 'Admin')).toEqual({ role: 'User' });
    expect(asked).toEqual(['alice:org-1', 'bob:org-1', 'alice:org-1']);
  });

  it('drops a look-up in flight when a change arrives: its callers get the answer asked for after the change', async () => {
    const answers = [deferred<{ role: string }>(), deferred<{ role: string }>()];
    let calls = 0;
    const cache = new AnswerCache<string, { role: string }, undefined>({
      max: 10,
      ttl: 60_000,
      fetchMethod: () => answers[calls++].promise,
    });
    const first = cache.fetch('alice:org-1', undefined);
    const second = cache.fetch('alice:org-1', undefined);
    await Promise.resolve();
    cache.forget(() => false);
    // The answer identity gave before the change arrives late and is not kept.
    answers[0].resolve({ role: 'Admin' });
    answers[1].resolve({ role: 'User' });
    expect(await Promise.all([first, second])).toEqual([{ role: 'User' }, { role: 'User' }]);
    expect(await cache.fetch('alice:org-1', undefined)).toEqual({ role: 'User' });
    expect(calls).toBe(2);
  });

  it('clear forgets everything', async () => {
    let calls = 0;
    const cache = new AnswerCache<string, { n: number }, undefined>({
      max: 10,
      ttl: 60_000,
      fetchMethod: () => Promise.resolve({ n: ++calls }),
    });
    await cache.fetch('a', undefined);
    cache.clear();
    expect(await cache.fetch('a', undefined)).toEqual({ n: 2 });
  });
});
