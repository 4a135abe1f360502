// Redis credentials (issue 23, finding 7: "Redis and Kafka have no authentication"), against the running product:
// each process signs in to Redis as its own ACL user, and that user cannot wipe or reconfigure Redis.
import Redis from 'ioredis';
import manifest from '../../services.json';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/1';
const PREFIX = process.env.E2E_DATABASE_PREFIX ?? 'infra_test_';
const PROCESSES = ['gateway', ...manifest.services.map((service) => service.name)];
const passwordOf = (name: string) => process.env[`${name.toUpperCase()}_REDIS_PASSWORD`];

/** A connection as `username`. */
async function signIn(username: string, password: string): Promise<Redis> {
  const redis = new Redis(REDIS_URL, { username, password, lazyConnect: true, maxRetriesPerRequest: 0 });
  await redis.connect();
  return redis;
}

describe('Redis users: one per process, no dangerous command', () => {
  it.each(PROCESSES)('%s is connected as its own user', async (name) => {
    const admin = new Redis(REDIS_URL);
    try {
      const clients = (await admin.call('CLIENT', 'LIST')) as string;
      expect(clients).toMatch(new RegExp(`\\buser=${PREFIX}${name}\\b`));
    } finally {
      admin.disconnect();
    }
  });

  it.each(PROCESSES)(
    "%s's user works the queues and keys, but cannot flush, reconfigure or list Redis",
    async (name) => {
      const password = passwordOf(name);
      expect(password).toMatch(/^[0-9a-f]{48}$/);
      const redis = await signIn(`${PREFIX}${name}`, password!);
      try {
        const key = `redis-users-test:${name}:${Date.now()}`;
        expect(await redis.set(key, '1', 'EX', 60)).toBe('OK');
        expect(await redis.eval(`return redis.call('GET', KEYS[1])`, 1, key)).toBe('1');
        await redis.del(key);
        for (const command of [
          ['FLUSHALL'],
          ['FLUSHDB'],
          ['CONFIG', 'GET', 'maxmemory-policy'],
          ['KEYS', '*'],
          ['ACL', 'LIST'],
        ])
          await expect(redis.call(command[0], ...command.slice(1))).rejects.toThrow(/NOPERM/);
      } finally {
        redis.disconnect();
      }
    },
  );

  it('refuses a wrong password', async () => {
    const redis = new Redis(REDIS_URL);
    try {
      await expect(redis.call('AUTH', `${PREFIX}gateway`, 'not-the-password')).rejects.toThrow(/WRONGPASS/);
    } finally {
      redis.disconnect();
    }
  });
});
