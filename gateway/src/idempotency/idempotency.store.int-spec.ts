// Medium test on a real Redis: SET NX decides one winner among concurrent requests, and the scripts only touch a
// record that is still the caller's lease.
import Redis from 'ioredis';
import { uniqueSuffix } from '@infra/platform/testing';
import { IdempotencyStore, redisKeyOf, type IdempotencyScope, type Lease } from './idempotency.store';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15');
const store = new IdempotencyStore(redis);
const scope = (): IdempotencyScope => ({ caller: `user:test-${uniqueSuffix()}`, organizationId: 'org-1' });

afterAll(() => redis.quit());

function lease(claim: Awaited<ReturnType<IdempotencyStore['claim']>>): Lease {
  if (claim.outcome !== 'execute') throw new Error(`expected to execute, got ${claim.outcome}`);
  return claim.lease;
}

describe('IdempotencyStore on Redis', () => {
  it('lets one of twenty concurrent requests execute, then replays its answer to all, kept for 24 hours', async () => {
    const who = scope();
    const claims = await Promise.all(Array.from({ length: 20 }, () => store.claim(who, 'k', 'fp')));
    const winners = claims.filter((claim) => claim.outcome === 'execute');
    expect(winners).toHaveLength(1);
    const answer = { status: 201, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"id":1}') };
    await store.complete(lease(winners[0]), answer);
    expect(await store.claim(who, 'k', 'fp')).toEqual({ outcome: 'replay', answer });
    const ttl = await redis.pttl(redisKeyOf(who, 'k'));
    expect(ttl).toBeGreaterThan(23 * 60 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    await redis.del(redisKeyOf(who, 'k'));
  });

  it('releases only its own lease', async () => {
    const who = scope();
    const first = lease(await store.claim(who, 'k', 'fp'));
    await redis.del(first.redisKey); // as if the lease had expired
    const second = lease(await store.claim(who, 'k', 'fp'));
    await store.release(first);
    await store.complete(first, { status: 200, headers: {}, body: Buffer.from('stale') });
    expect(await store.claim(who, 'k', 'fp')).toEqual({ outcome: 'in-flight' });
    await store.release(second);
    expect(await redis.exists(second.redisKey)).toBe(0);
  });
});
