// Medium test on a real Redis: two gateway replicas each drop their cached answers when identity announces an access
// change, and a replica whose subscription broke (messages missed) drops everything when it is back.
import Redis from 'ioredis';
import { type AccessChange, accessChangesChannel } from '@infra/contracts';
import { pollUntil } from '@infra/platform/testing';
import type { ApiKeyVerifier } from './api-keys';
import { AccessChangesSubscriber } from './access-changes.subscriber';
import type { TenancyService } from './tenancy.service';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/15');

/** One replica's caches, recording what they were told to forget. */
function replica() {
  const forgotten: (AccessChange | 'everything')[] = [];
  const cache = {
    forget: (change: AccessChange) => forgotten.push(change),
    forgetAll: () => forgotten.push('everything'),
  };
  const subscriber = new AccessChangesSubscriber(
    redis,
    cache as unknown as TenancyService,
    { forget: () => undefined, forgetAll: () => undefined } as unknown as ApiKeyVerifier,
  );
  return { subscriber, forgotten };
}

const channel = accessChangesChannel(redis.options.db ?? 0);
const subscribed = async () => {
  const [, count] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
  return count;
};

afterAll(() => redis.quit());

describe('access changes on Redis pub/sub', () => {
  it('reach every replica, and a replica that reconnects forgets everything', async () => {
    const before = await pollUntil('no other listener left', async () => subscribed());
    const replicas = [replica(), replica()];
    for (const { subscriber } of replicas) subscriber.onModuleInit();
    await pollUntil('both replicas listen', async () => ((await subscribed()) === before + 2 ? true : undefined), {
      timeoutMs: 30_000,
      intervalMs: 50,
    });
    for (const { forgotten } of replicas) forgotten.length = 0;

    await redis.publish(channel, JSON.stringify({ keyIds: ['key-1'] }));
    await redis.publish(channel, 'not a change');
    for (const { forgotten } of replicas)
      await pollUntil('the change arrived', async () => (forgotten.length > 0 ? true : undefined), {
        timeoutMs: 30_000,
        intervalMs: 20,
      });
    expect(replicas.map(({ forgotten }) => forgotten)).toEqual([[{ keyIds: ['key-1'] }], [{ keyIds: ['key-1'] }]]);

    // Redis drops the first replica's connection: it cannot know what it missed, so it forgets everything on return.
    const [first, second] = replicas;
    const clients = (await redis.client('LIST')) as string;
    const line = clients.split('\n').find((entry) => entry.includes(`name=${first.subscriber.connectionName} `));
    const id = /(?:^|\s)id=(\d+)/.exec(line ?? '')?.[1];
    expect(id).toBeDefined();
    second.forgotten.length = 0;
    await redis.client('KILL', 'ID', id!);
    await pollUntil('the replica is back and forgot everything', async () =>
      first.forgotten.includes('everything') ? true : undefined,
    );
    await pollUntil('it listens again', async () => ((await subscribed()) === before + 2 ? true : undefined));
    await redis.publish(channel, JSON.stringify({ userIds: ['user-1'] }));
    await pollUntil('the next change reaches it', async () =>
      first.forgotten.some((change) => change !== 'everything' && change.userIds?.[0] === 'user-1') ? true : undefined,
    );
    expect(second.forgotten).toEqual([{ userIds: ['user-1'] }]);
    for (const { subscriber } of replicas) await subscriber.onApplicationShutdown();
  });
});
