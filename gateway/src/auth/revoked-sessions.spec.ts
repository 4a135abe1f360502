import type Redis from 'ioredis';
import { revokedSessionKey } from '@infra/contracts';
import { RevokedSessions } from './revoked-sessions';

function fakeRedis(revoked: string[]) {
  const calls: string[] = [];
  const redis = {
    exists: async (key: string) => {
      calls.push(key);
      await Promise.resolve();
      return revoked.map(revokedSessionKey).includes(key) ? 1 : 0;
    },
  };
  return { redis: redis as unknown as Redis, calls };
}

describe('revoked sessions (cached look-ups)', () => {
  it('answers from Redis, then from the cache; concurrent checks of one session share one look-up', async () => {
    const { redis, calls } = fakeRedis(['gone']);
    const sessions = new RevokedSessions(redis);
    expect(
      await Promise.all([sessions.isRevoked('live'), sessions.isRevoked('live'), sessions.isRevoked('live')]),
    ).toEqual([false, false, false]);
    expect(await sessions.isRevoked('gone')).toBe(true);
    expect(await sessions.isRevoked('gone')).toBe(true);
    expect(calls).toEqual([revokedSessionKey('live'), revokedSessionKey('gone')]);
  });
});
