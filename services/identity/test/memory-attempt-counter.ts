import type { AttemptCounter } from '../src/session/attempt-counter';

/** An in-memory stand-in for the Redis counters in unit tests (atomic, like the Lua script it replaces). */
export function memoryAttemptCounter(): Pick<AttemptCounter, 'hit' | 'refund' | 'clear'> & {
  counts: Map<string, number>;
} {
  const counts = new Map<string, number>();
  return {
    counts,
    hit: (keys) => Promise.resolve(keys.map((key) => counts.set(key, (counts.get(key) ?? 0) + 1).get(key) ?? 0)),
    refund: (key) => {
      if ((counts.get(key) ?? 0) > 0) counts.set(key, (counts.get(key) ?? 0) - 1);
      return Promise.resolve();
    },
    clear: (key) => {
      counts.delete(key);
      return Promise.resolve();
    },
  };
}
