import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '@infra/platform';

// Increments every key and starts its window on the first hit, in one atomic step: concurrent attempts each
// see their own count, so no more than the limit can ever pass a check.
const HIT = `
local counts = {}
for i, key in ipairs(KEYS) do
  counts[i] = redis.call('INCR', key)
  if counts[i] == 1 then redis.call('EXPIRE', key, ARGV[1]) end
end
return counts`;

// Gives one attempt back, never below zero and never to a key whose window already ended.
const REFUND = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

/** Fixed-window attempt counters in Redis (sign-in, MFA codes, reset requests), shared by every instance. */
@Injectable()
export class AttemptCounter {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Counts one attempt on each key and returns the counts including it. */
  async hit(keys: string[], windowSeconds: number): Promise<number[]> {
    return (await this.redis.eval(HIT, keys.length, ...keys, windowSeconds)) as number[];
  }

  async refund(key: string): Promise<void> {
    await this.redis.eval(REFUND, 1, key);
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(key);
  }
}
