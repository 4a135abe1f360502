// A worker process of the kill test (tag-import-kill.int-spec.ts starts it with `node -r ./register-ts.cjs`):
// production's RunTagImportJob, wired by the harness, behind a plain BullMQ Worker with BullMQ's own 30 s lock (renewed
// every 15 s, so a busy machine never loses it while the process lives) and a stalled-job check every second: once
// the test has killed a worker and dropped its lock (what the lock's expiry would do), a second one takes over within
// seconds.
// It tells the test what it does as JSON lines on stdout: ready, started <jobId>, processed <jobId>.
// Env: TEST_DATABASE, TEST_QUEUE, TEST_FILES_DIRECTORY, TAG_IMPORT_TEST_DELAY_MS, and TEST_HOLD_AFTER_IMPORT=true to
// never acknowledge a job it has processed (a process dying between the import's commit and BullMQ's completion).
import 'reflect-metadata';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import Redis from 'ioredis';
import type { TypedJob } from '@infra/jobs';
import type { TaggingJobs } from '../../src/tag-import/tag-import.queue';
import { createImportHarness, TAG_IMPORT_TEST_REDIS_URL } from './tag-import-harness';
import { taggingDataSource } from './tagging-database';

export type WorkerReport = { event: 'ready' } | { event: 'started' | 'processed'; jobId: string };

const report = (line: WorkerReport) => process.stdout.write(`${JSON.stringify(line)}\n`);

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function main(): Promise<void> {
  const dataSource = taggingDataSource(required('TEST_DATABASE'));
  await dataSource.initialize();
  const queueName = required('TEST_QUEUE');
  const harness = await createImportHarness({
    dataSource,
    queueName,
    filesDirectory: required('TEST_FILES_DIRECTORY'),
    importTestDelayMs: Number(process.env.TAG_IMPORT_TEST_DELAY_MS ?? 0),
  });
  const hold = process.env.TEST_HOLD_AFTER_IMPORT === 'true';
  const worker = new Worker(
    queueName,
    async (job: Job) => {
      if (job.name !== 'run-tag-import') throw new UnrecoverableError(`unexpected job ${job.name}`);
      const typed = job as TypedJob<TaggingJobs, 'run-tag-import'>;
      report({ event: 'started', jobId: String(job.id) });
      await harness.runJob.process(typed.data, typed);
      report({ event: 'processed', jobId: String(job.id) });
      // Keeps the job active (BullMQ renews its lock) until the test kills this process.
      if (hold) await new Promise<never>(() => undefined);
    },
    {
      connection: new Redis(TAG_IMPORT_TEST_REDIS_URL, { maxRetriesPerRequest: null }),
      concurrency: 1,
      stalledInterval: 1000,
    },
  );
  await worker.waitUntilReady();
  report({ event: 'ready' });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
