import Redis from 'ioredis';

/**
 * Forgets the counters matching `patterns` in the product under test's Redis (REDIS_URL, `npm test`'s database 1 by
 * default), so a test that counts attempts starts from zero and leaves no lockout to the tests after it.
 */
export async function clearThrottles(...patterns: string[]): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/1');
  try {
    for (const pattern of patterns) {
      const keys = await redis.keys(pattern);
      if (keys.length > 0) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

/** Forgets the API-key throttle of every client. */
export const clearApiKeyThrottle = (): Promise<void> => clearThrottles('throttle:apikey:*');
