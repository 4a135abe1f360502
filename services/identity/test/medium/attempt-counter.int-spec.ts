// Medium test on a real Redis: the counters must be atomic under concurrency (the lockout race).
import Redis from 'ioredis';
import { uniqueSuffix } from '@infra/platform/testing';
import { AttemptCounter } from '../../src/session/attempt-counter';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15');
const counter = new AttemptCounter(redis);
const key = (name: string) => `test:attempts:${uniqueSuffix()}:${name}`;

afterAll(() => redis.quit());

describe('AttemptCounter on Redis', () => {
  it('gives 40 concurrent attempts 40 distinct counts, so only the first 5 can pass a limit of 5', async () => {
    const email = key('email');
    const counts = await Promise.all(Array.from({ length: 40 }, () => counter.hit([email], 60)));
    expect(counts.map(([count]) => count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const ttl = await redis.ttl(email);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('counts several keys in one step and refunds without going below zero', async () => {
    const [a, b] = [key('a'), key('b')];
    expect(await counter.hit([a, b], 60)).toEqual([1, 1]);
    expect(await counter.hit([a, b], 60)).toEqual([2, 2]);
    await counter.refund(b);
    await counter.refund(b);
    await counter.refund(b);
    expect(await redis.get(b)).toBe('0');
    await counter.clear(a);
    expect(await redis.exists(a)).toBe(0);
    await counter.refund(key('missing'));
  });
});
