// The inbox pruning job of the messaging foundation, scheduled through libs/jobs, on a real PostgreSQL (scratch
// database with the real migration) and the real Redis (database 7).
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { createRedis, loadConfig } from '@infra/platform';
import { pollUntil, testRedisModule, uniqueSuffix } from '@infra/platform/testing';
import { InboxRetentionEnv, messagingJobs } from '../src';
import { ScratchDatabase, scratchMessagingDatabase } from './scratch-database';

const REDIS_URL = process.env.JOBS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';

describe('inbox retention (scheduled job, real PostgreSQL and Redis)', () => {
  let database: ScratchDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await scratchMessagingDatabase('infra_inbox');
    dataSource = database.dataSource;
  });

  afterAll(() => database?.drop());

  const insert = (consumer: string, age: string) =>
    dataSource.query(
      `INSERT INTO inbox (event_id, consumer, topic, processed_at) VALUES (gen_random_uuid(), $1, 't', now() - $2::interval)`,
      [consumer, age],
    );
  const consumers = async () =>
    ((await dataSource.query('SELECT consumer FROM inbox ORDER BY consumer')) as { consumer: string }[]).map(
      (row) => row.consumer,
    );

  it('deletes processed ids older than the retention window and keeps the recent ones', async () => {
    await insert('a-old-30d', '30 days');
    await insert('b-old-8d', '8 days');
    await insert('c-edge-6d23h', '6 days 23 hours');
    await insert('d-recent-1h', '1 hour');
    await insert('e-now', '0 seconds');

    const service = `inbox-it-${uniqueSuffix()}`;
    const moduleRef = await Test.createTestingModule({
      imports: [
        testRedisModule(REDIS_URL, [{ provide: DataSource, useValue: dataSource }]),
        messagingJobs(service, { retentionDays: 7, everyMs: 60_000 }),
      ],
    }).compile();
    let app: INestApplicationContext | undefined = await moduleRef.init();
    try {
      // The schedule's first run happens at once; later ones every `everyMs`.
      await pollUntil('old inbox rows pruned', async () => (await consumers()).length === 3);
      expect(await consumers()).toEqual(['c-edge-6d23h', 'd-recent-1h', 'e-now']);
    } finally {
      await app.close();
      app = undefined;
      const connection = createRedis(REDIS_URL);
      const queue = new Queue(`${service}-messaging`, { connection });
      await queue.obliterate({ force: true });
      await queue.close();
      await connection.quit();
    }
  });

  it('reads the retention window from INBOX_RETENTION_DAYS (default 7) and refuses nonsense', () => {
    expect(loadConfig(InboxRetentionEnv, {}, {}).INBOX_RETENTION_DAYS).toBe(7);
    expect(loadConfig(InboxRetentionEnv, {}, { INBOX_RETENTION_DAYS: '30' }).INBOX_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig(InboxRetentionEnv, {}, { INBOX_RETENTION_DAYS: '0' })).toThrow('INBOX_RETENTION_DAYS');
  });
});
