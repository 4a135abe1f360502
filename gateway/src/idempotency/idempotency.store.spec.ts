import { FakeRedis } from '../../test/fake-redis';
import {
  fingerprintOf,
  IDEMPOTENCY_LEASE_MS,
  IdempotencyStore,
  redisKeyOf,
  type IdempotencyScope,
  type Lease,
} from './idempotency.store';

const DAY_MS = 24 * 60 * 60 * 1000;

const alice: IdempotencyScope = { caller: 'user:alice', organizationId: 'org-1' };
const answer = { status: 201, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"id":"c1"}') };

function lease(claim: Awaited<ReturnType<IdempotencyStore['claim']>>): Lease {
  if (claim.outcome !== 'execute') throw new Error(`expected to execute, got ${claim.outcome}`);
  return claim.lease;
}

describe('IdempotencyStore', () => {
  let store: IdempotencyStore;

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    store = new IdempotencyStore(new FakeRedis());
  });
  afterEach(() => jest.useRealTimers());

  it('lets the first request execute; the same request is 409 while it runs, another body 422', async () => {
    const first = lease(await store.claim(alice, 'k1', 'fp-a'));
    expect(first.redisKey).toBe(redisKeyOf(alice, 'k1'));
    expect(await store.claim(alice, 'k1', 'fp-a')).toEqual({ outcome: 'in-flight' });
    expect(await store.claim(alice, 'k1', 'fp-b')).toEqual({ outcome: 'reused' });
  });

  it('replays the completed answer (status, headers, body) for 24 hours, then forgets the key', async () => {
    await store.complete(lease(await store.claim(alice, 'k1', 'fp-a')), answer);
    jest.advanceTimersByTime(DAY_MS - 1);
    expect(await store.claim(alice, 'k1', 'fp-a')).toEqual({ outcome: 'replay', answer });
    expect(await store.claim(alice, 'k1', 'fp-b')).toEqual({ outcome: 'reused' });
    jest.advanceTimersByTime(1);
    expect((await store.claim(alice, 'k1', 'fp-b')).outcome).toBe('execute');
  });

  it('replays an empty answer (204) as an empty body', async () => {
    await store.complete(lease(await store.claim(alice, 'k1', 'fp-a')), {
      status: 204,
      headers: {},
      body: Buffer.alloc(0),
    });
    expect(await store.claim(alice, 'k1', 'fp-a')).toEqual({
      outcome: 'replay',
      answer: { status: 204, headers: {}, body: Buffer.alloc(0) },
    });
  });

  it('a released key (a 5xx answer) executes again on the retry', async () => {
    await store.release(lease(await store.claim(alice, 'k1', 'fp-a')));
    expect((await store.claim(alice, 'k1', 'fp-a')).outcome).toBe('execute');
  });

  it('remembers a completed request whose answer was too large, without its answer', async () => {
    await store.complete(lease(await store.claim(alice, 'k1', 'fp-a')), { status: 200, headers: {} });
    expect(await store.claim(alice, 'k1', 'fp-a')).toEqual({ outcome: 'not-stored', status: 200 });
  });

  it('frees a key whose gateway never finished after the lease; the stale lease cannot overwrite the new one', async () => {
    const stale = lease(await store.claim(alice, 'k1', 'fp-a'));
    jest.advanceTimersByTime(IDEMPOTENCY_LEASE_MS - 1);
    expect(await store.claim(alice, 'k1', 'fp-a')).toEqual({ outcome: 'in-flight' });
    jest.advanceTimersByTime(1);
    const fresh = lease(await store.claim(alice, 'k1', 'fp-a'));
    await store.complete(stale, { ...answer, body: Buffer.from('stale') });
    await store.release(stale);
    expect(await store.claim(alice, 'k1', 'fp-a')).toEqual({ outcome: 'in-flight' });
    await store.complete(fresh, answer);
    expect(await store.claim(alice, 'k1', 'fp-a')).toEqual({ outcome: 'replay', answer });
  });

  it('keeps the keys of other callers and organizations apart', async () => {
    await store.complete(lease(await store.claim(alice, 'k1', 'fp-a')), answer);
    for (const scope of [
      { caller: 'user:bob', organizationId: 'org-1' },
      { caller: 'user:alice', organizationId: 'org-2' },
      { caller: 'user:alice', organizationId: null },
      { caller: 'api-key:alice', organizationId: 'org-1' },
    ]) {
      expect((await store.claim(scope, 'k1', 'fp-b')).outcome).toBe('execute');
    }
  });

  it('lets exactly one of twenty concurrent requests execute', async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, () => store.claim(alice, 'k1', 'fp-a')));
    expect(claims.filter((claim) => claim.outcome === 'execute')).toHaveLength(1);
    expect(claims.filter((claim) => claim.outcome === 'in-flight')).toHaveLength(19);
  });
});

describe('fingerprintOf', () => {
  it('differs by method, path (with its query) and body, and is a SHA-256', () => {
    const base = fingerprintOf('POST', '/collections', Buffer.from('{"name":"a"}'));
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprintOf('post', '/collections', Buffer.from('{"name":"a"}'))).toBe(base);
    expect(fingerprintOf('PUT', '/collections', Buffer.from('{"name":"a"}'))).not.toBe(base);
    expect(fingerprintOf('POST', '/collections?x=1', Buffer.from('{"name":"a"}'))).not.toBe(base);
    expect(fingerprintOf('POST', '/collections', Buffer.from('{"name":"b"}'))).not.toBe(base);
    expect(fingerprintOf('POST', '/collections', undefined)).not.toBe(base);
  });
});
