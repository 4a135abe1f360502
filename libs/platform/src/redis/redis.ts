import Redis from 'ioredis';

export const REDIS = Symbol('REDIS');

/** The process's Redis user, when it has one of its own (REDIS_USERNAME / REDIS_PASSWORD). */
export interface RedisCredentials {
  REDIS_USERNAME?: string;
  REDIS_PASSWORD?: string;
}

/**
 * One ioredis connection per process; commands queue while it reconnects. Its duplicates (BullMQ's queues and
 * workers, the subscriber) sign in as the same user.
 */
export function createRedis(url: string, credentials: RedisCredentials = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 2,
    enableReadyCheck: true,
    lazyConnect: false,
    ...(credentials.REDIS_USERNAME ? { username: credentials.REDIS_USERNAME } : {}),
    ...(credentials.REDIS_PASSWORD ? { password: credentials.REDIS_PASSWORD } : {}),
  });
}
