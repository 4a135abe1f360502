import Redis from 'ioredis';

/**
 * Forgets the API-key throttle of every client (the product under test's Redis: REDIS_URL, `npm test`'s database 1
 * by default), so a test that counts failed keys starts from zero.
 */
export async function clearApiKeyThrottle(): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/1');
  try {
    const keys = await redis.keys('throttle:apikey:*');
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
