// Medium tier: an operator's rerun of failed tag imports (tag-import/import-rerun.ts) on a scratch PostgreSQL database
// with the real migrations and the real Redis (database 7): the import is queued again and its kept job runs again;
// an import that did not fail is left alone; one whose job Redis no longer has is left to the sweep.
import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import type { Actor } from '../../src/tenant';
import { createRedis } from '@infra/platform';
import { pollUntil, uniqueSuffix } from '@infra/platform/testing';
import { ImportRerun } from '../../src/tag-import/import-rerun';
import { TagImportRepository } from '../../src/tag-import/tag-import.repository';
import { taggingTestDatabase } from './tagging-database';

const REDIS_URL = process.env.JOBS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';

describe('rerunning a failed tag import (real PostgreSQL and Redis)', () => {
  let database: Awaited<ReturnType<typeof taggingTestDatabase>>;
  let imports: TagImportRepository;
  const connection = createRedis(REDIS_URL);
  // BullMQ leaves a connection it was given open: each is quit here.
  const workerConnection = connection.duplicate({ maxRetriesPerRequest: null });
  const queue = new Queue(`rerun-test-${uniqueSuffix()}`, { connection });
  const runs: string[] = [];
  let worker: Worker;
  const actor: Actor = {
    organizationId: randomUUID(),
    accountId: randomUUID(),
    userId: randomUUID(),
    role: 'Admin',
    apiKeyId: null,
  };

  beforeAll(async () => {
    database = await taggingTestDatabase();
    imports = new TagImportRepository(database.dataSource);
    // Fails each import's first run (as an import whose last attempt failed), completes the next.
    worker = new Worker(
      queue.name,
      async (job) => {
        runs.push(job.id!);
        if (runs.filter((id) => id === job.id).length === 1) throw new Error('the first run fails');
      },
      { connection: workerConnection },
    );
  });

  afterAll(async () => {
    await worker?.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await workerConnection.quit();
    await connection.quit();
    await database?.drop();
  });

  /** An import that ended failed, as `runImport` leaves it, and (when `job`) its failed job kept in Redis. */
  async function failedImport(fileName: string, { job = true } = {}): Promise<string> {
    const row = (await imports.create(actor, fileName, randomUUID().replace(/-/g, '')))!;
    if (job) {
      await queue.add('run-tag-import', { importId: row.id, actor }, { jobId: row.id });
      await pollUntil('its job failed', async () => (await queue.getJob(row.id))?.isFailed());
    }
    await imports.transaction((manager) =>
      imports.finish(manager, actor.organizationId, row.id, {
        status: 'failed',
        issues: [],
        issueCount: 0,
        issueCountByField: {},
        message: 'An unknown error occurred.',
      }),
    );
    return row.id;
  }
  const statusOf = async (id: string) => (await imports.find(actor.organizationId, id))!;

  it('queues a failed import again, its outcome cleared, and its job runs again', async () => {
    const id = await failedImport('failed.csv');
    const rerun = new ImportRerun(imports, queue);
    expect(await rerun.rerun(id)).toEqual({
      importId: id,
      rerun: true,
      organizationId: actor.organizationId,
      queued: 'again',
    });
    expect(await statusOf(id)).toMatchObject({ status: 'queued', message: null, issue_count: null });
    await pollUntil('the job ran again', async () => (await queue.getJob(id))?.isCompleted());
    expect(runs.filter((run) => run === id)).toHaveLength(2);
    // A second rerun finds nothing failed (the job would set it running, then completed).
    expect(await rerun.rerun(id)).toEqual({ importId: id, rerun: false });
  });

  it('leaves an import that did not fail, or an unknown id, as it is', async () => {
    const row = (await imports.create(actor, 'queued.csv', randomUUID().replace(/-/g, '')))!;
    const rerun = new ImportRerun(imports, queue);
    expect(await rerun.rerun(row.id)).toEqual({ importId: row.id, rerun: false });
    expect(await rerun.rerun(randomUUID())).toMatchObject({ rerun: false });
    expect((await statusOf(row.id)).status).toBe('queued');
  });

  it('leaves to the sweep a failed import whose job Redis no longer holds', async () => {
    const id = await failedImport('expired.csv', { job: false });
    expect(await new ImportRerun(imports, queue).rerun(id)).toMatchObject({ rerun: true, queued: 'by-the-sweep' });
    expect((await imports.unfinished(100)).map((row) => row.id)).toContain(id);
  });
});
