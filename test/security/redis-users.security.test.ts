// Redis credentials (issue 23, finding 7: "Redis and Kafka have no authentication"), against the running product:
// each process signs in to Redis as its own ACL user, which touches only its own keys and cannot wipe or reconfigure
// Redis.
import Redis from 'ioredis';
import manifest from '../../services.json';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/1';
const PREFIX = process.env.E2E_DATABASE_PREFIX ?? 'infra_test_';
const PROCESSES = ['gateway', ...manifest.services.map((service) => service.name)];
const passwordOf = (name: string) => process.env[`${name.toUpperCase()}_REDIS_PASSWORD`];
/** A key each process may write: the gateway's idempotency records, a service's own job queue. */
const ownKey = (name: string) =>
  `${name === 'gateway' ? 'idempotency' : `bull:${name}`}:redis-users-test:${Date.now()}:${Math.random()}`;

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
        const key = ownKey(name);
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

  it.each(PROCESSES)("%s's user cannot touch another process's keys", async (name) => {
    const redis = await signIn(`${PREFIX}${name}`, passwordOf(name)!);
    try {
      // Every other process's keys, a key of nobody's, and identity's sign-in throttles (unless it is identity).
      const foreign = [
        ...PROCESSES.filter((other) => other !== name).map(ownKey),
        'redis-users-test:anywhere',
        ...(name === 'identity' ? [] : [`throttle:login:ip:${name}`]),
      ];
      for (const key of foreign) {
        await expect(redis.set(key, '1', 'EX', 60)).rejects.toThrow(/NOPERM/);
        await expect(redis.get(key)).rejects.toThrow(/NOPERM/);
      }
    } finally {
      redis.disconnect();
    }
  });

  it('lets the gateway read the revoked-session marks identity writes, and not write them; only they speak on the access-changes channel', async () => {
    const gateway = await signIn(`${PREFIX}gateway`, passwordOf('gateway')!);
    const identity = await signIn(`${PREFIX}identity`, passwordOf('identity')!);
    const tagging = await signIn(`${PREFIX}tagging`, passwordOf('tagging')!);
    try {
      const mark = `session:revoked:redis-users-test-${Date.now()}`;
      expect(await identity.set(mark, '1', 'EX', 60)).toBe('OK');
      expect(await gateway.exists(mark)).toBe(1);
      await expect(gateway.set(mark, '0')).rejects.toThrow(/NOPERM/);
      await expect(gateway.del(mark)).rejects.toThrow(/NOPERM/);
      await expect(tagging.exists(mark)).rejects.toThrow(/NOPERM/);
      expect(await identity.publish('access-changes:redis-users-test', '{}')).toBeGreaterThanOrEqual(0);
      await expect(tagging.publish('access-changes:redis-users-test', '{}')).rejects.toThrow(/NOPERM/);
      await identity.del(mark);
    } finally {
      gateway.disconnect();
      identity.disconnect();
      tagging.disconnect();
    }
  });

  it('refuses a wrong password', async () => {
    const redis = new Redis(REDIS_URL);
    try {
      await expect(redis.call('AUTH', `${PREFIX}gateway`, 'not-the-password')).rejects.toThrow(/WRONGPASS/);
    } finally {
      redis.disconnect();
    }
  });
});
