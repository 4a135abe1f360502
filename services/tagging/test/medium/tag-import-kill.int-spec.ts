// Medium tier: a worker killed mid-import is retried and completes exactly once. The import job runs in child
// processes (tag-import-worker.ts: production's RunTagImportJob behind a BullMQ Worker) on a scratch database and a
// queue of this test's own in Redis; the test SIGKILLs the first worker, drops the lock the dead process held (what its
// expiry would do, without waiting 30 s) and starts a second worker, whose stalled-job check takes the job over. The children load the TypeScript sources through register-ts.cjs.
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { pollUntil, uniqueSuffix } from '@infra/platform/testing';
import type { Actor } from '../../src/tenant';
import { createImportHarness, type ImportHarness, importCsv, insertAssets, writtenBy } from './tag-import-harness';
import { adminOfNewOrganization, taggingTestDatabase } from './tagging-database';
import type { WorkerReport } from './tag-import-worker';

jest.setTimeout(300_000);

/** Deadlines of the waits: generous, since child processes start slowly on a busy machine (a pass never waits them). */
const WAIT_MS = 90_000;

const TAGS = 400;
const ASSETS = 100;

/** One worker process and what it reported. */
class WorkerProcess {
  readonly reports: WorkerReport[] = [];
  private readonly exited: Promise<void>;
  private output = '';

  constructor(private readonly child: ChildProcessByStdio<null, Readable, Readable>) {
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) this.reports.push(JSON.parse(line) as WorkerReport);
    });
    child.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  has(event: WorkerReport['event'], jobId?: string): boolean {
    return this.reports.some(
      (line) => line.event === event && (jobId === undefined || ('jobId' in line && line.jobId === jobId)),
    );
  }

  async ready(): Promise<void> {
    await pollUntil(
      'the worker process to be ready',
      () => {
        if (this.child.exitCode !== null) throw new Error(`worker exited: ${this.output}`);
        return this.has('ready');
      },
      { timeoutMs: WAIT_MS },
    );
  }

  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }
}

describe('a worker killed mid-import (child processes, real PostgreSQL and Redis)', () => {
  let database: Awaited<ReturnType<typeof taggingTestDatabase>>;
  let dataSource: DataSource;
  let harness: ImportHarness;
  let filesDirectory: string;
  const queueName = `tag-import-kill-${uniqueSuffix()}`;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    database = await taggingTestDatabase();
    dataSource = database.dataSource;
    filesDirectory = await mkdtemp(path.join(tmpdir(), 'tag-import-kill-'));
    harness = await createImportHarness({ dataSource, queueName, filesDirectory });
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.kill()));
    await harness?.queue.obliterate({ force: true });
    await harness?.close();
    await database?.drop();
    if (filesDirectory) await rm(filesDirectory, { recursive: true, force: true });
  });

  async function startWorker(env: Record<string, string> = {}): Promise<WorkerProcess> {
    const child = spawn(
      process.execPath,
      ['-r', path.join(__dirname, 'register-ts.cjs'), path.join(__dirname, 'tag-import-worker.ts')],
      {
        env: {
          ...process.env,
          TEST_DATABASE: database.name,
          TEST_QUEUE: queueName,
          TEST_FILES_DIRECTORY: filesDirectory,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const worker = new WorkerProcess(child);
    workers.push(worker);
    await worker.ready();
    return worker;
  }

  /** A new organization with its assets and a queued import of TAGS tags, each on two of them. */
  async function queuedImport(): Promise<{ actor: Actor; importId: string }> {
    const actor = adminOfNewOrganization();
    const externalIds = Array.from({ length: ASSETS }, (_, i) => `i-kill-${i}`);
    await insertAssets(dataSource, actor.organizationId, externalIds);
    const rows = Array.from(
      { length: TAGS },
      (_, i) => ['kill', `v${i}`, '', `${externalIds[i % ASSETS]}|${externalIds[(i + 1) % ASSETS]}`] as const,
    );
    await harness.files.write(actor.organizationId, 'kill.csv', importCsv(rows));
    const submitted = await harness.service.submit(actor, 'kill.csv');
    return { actor, importId: submitted.import.id };
  }

  const jobState = (importId: string) => harness.queue.getJobState(importId);

  /** SIGKILLs a worker, then drops the lock of the job it held, as the lock's expiry would: the holder is dead. */
  async function killHolding(worker: WorkerProcess, jobId: string): Promise<void> {
    await worker.kill();
    expect(await (await harness.queue.client).del(`${harness.queue.toKey(jobId)}:lock`)).toBe(1);
  }

  /** What exactly one completed import of the file leaves behind. */
  async function expectImportedOnce(actor: Actor, importId: string): Promise<void> {
    expect(await harness.service.find(actor, importId)).toMatchObject({
      status: 'completed',
      recordsImported: TAGS,
      assignments: 2 * TAGS,
    });
    expect(await writtenBy(dataSource, actor.organizationId)).toEqual({
      tags: TAGS,
      assignments: 2 * TAGS,
      audit: 2 * TAGS + 1,
      imported: 1,
      changed: TAGS,
      assigned: 1,
      outbox: TAGS + 2,
    });
  }

  it('is taken over by a second worker when the first dies inside the import, and completes once', async () => {
    const { actor, importId } = await queuedImport();
    // The first worker marks the import running, then waits inside it (the job's test delay) until it is killed.
    const first = await startWorker({ TAG_IMPORT_TEST_DELAY_MS: '600000' });
    await pollUntil(
      'the first worker inside the import',
      async () =>
        (await harness.service.find(actor, importId)).status === 'running' && (await jobState(importId)) === 'active',
      { timeoutMs: WAIT_MS },
    );
    await killHolding(first, importId);
    expect((await writtenBy(dataSource, actor.organizationId)).tags).toBe(0);

    const second = await startWorker();
    await pollUntil('the job completed by the second worker', async () => (await jobState(importId)) === 'completed', {
      timeoutMs: WAIT_MS,
    });
    expect(second.has('processed', importId)).toBe(true);
    await expectImportedOnce(actor, importId);
    await second.kill();
  });

  it('runs nothing twice when the worker dies after the import committed, before the job was acknowledged', async () => {
    const { actor, importId } = await queuedImport();
    const first = await startWorker({ TEST_HOLD_AFTER_IMPORT: 'true' });
    await pollUntil('the import done by the first worker', () => first.has('processed', importId), {
      timeoutMs: WAIT_MS,
    });
    expect(await jobState(importId)).toBe('active');
    await expectImportedOnce(actor, importId);
    await killHolding(first, importId);

    const second = await startWorker();
    await pollUntil('the job run again and completed', async () => (await jobState(importId)) === 'completed', {
      timeoutMs: WAIT_MS,
    });
    expect(second.has('processed', importId)).toBe(true);
    await expectImportedOnce(actor, importId);
    await second.kill();
  });
});
