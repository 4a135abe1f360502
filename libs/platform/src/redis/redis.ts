import Redis from 'ioredis';

export const REDIS = Symbol('REDIS');

/** One ioredis connection per process; commands queue while it reconnects. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableReadyCheck: true, lazyConnect: false });
}
