// Medium tier: the CSV tag import on a scratch PostgreSQL database with the real migrations, a LocalFileStore in a
// temporary directory and a queue of its own in Redis (no worker: the test calls the job processors as BullMQ does,
// with the job the service queued). All or nothing, exactly once however often the job runs, assignments by asset
// external id, and another organization's assets are unknown.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Job, Worker } from 'bullmq';
import Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { MESSAGES, TAG_RULE_MESSAGES, TAGGING_LIMITS, TOPICS, type TagsAssignedPayload } from '@infra/contracts';
import { purgeOrganization } from '@infra/messaging';
import { toErrorResponse } from '@infra/platform';
import { pollUntil, uniqueSuffix, waitsOnLock } from '@infra/platform/testing';
import { IMPORT_ISSUES } from '../../src/tag-import/tag-import-file';
import type { TaggingJobs } from '../../src/tag-import/tag-import.queue';
import type { Actor } from '../../src/tenant';
import {
  createImportHarness,
  type ImportHarness,
  importCsv,
  insertAssets,
  TAG_IMPORT_TEST_REDIS_URL,
  writtenBy,
} from './tag-import-harness';
import { adminOfNewOrganization, taggingTestDatabase } from './tagging-database';

type Row = [string, string, string, string];

describe('CSV tag import (real PostgreSQL, LocalFileStore)', () => {
  let database: Awaited<ReturnType<typeof taggingTestDatabase>>;
  let dataSource: DataSource;
  let harness: ImportHarness;
  let filesDirectory: string;

  beforeAll(async () => {
    database = await taggingTestDatabase();
    dataSource = database.dataSource;
    filesDirectory = await mkdtemp(path.join(tmpdir(), 'tag-import-'));
    harness = await createImportHarness({ dataSource, queueName: `tag-import-${uniqueSuffix()}`, filesDirectory });
  });

  afterAll(async () => {
    await harness?.queue.obliterate({ force: true });
    await harness?.close();
    await database?.drop();
    if (filesDirectory) await rm(filesDirectory, { recursive: true, force: true });
  });

  /** Uploads the file and submits it, as `PUT <upload address>` then `POST tags/import` do. */
  async function submit(actor: Actor, fileName: string, content: Buffer) {
    await harness.files.write(actor.organizationId, fileName, content);
    return harness.service.submit(actor, fileName);
  }

  /** The job the service queued for the import (its id is the import id). */
  async function queuedJob(importId: string): Promise<Job<TaggingJobs['run-tag-import'], void, 'run-tag-import'>> {
    const job = await harness.queue.getJob(importId);
    if (!job) throw new Error(`no job queued for import ${importId}`);
    return job as Job<TaggingJobs['run-tag-import'], void, 'run-tag-import'>;
  }

  /** Jobs queued for the import: one, whatever the number of submissions. */
  async function jobsOf(importId: string): Promise<number> {
    const jobs = await harness.queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed']);
    return jobs.filter((job) => (job.data as TaggingJobs['run-tag-import']).importId === importId).length;
  }

  /** What a BullMQ worker does with the import's job. */
  async function runQueuedJob(importId: string): Promise<void> {
    const job = await queuedJob(importId);
    await harness.runJob.process(job.data, job);
  }

  const importOf = (actor: Actor, id: string) => harness.service.find(actor, id);

  describe('all or nothing', () => {
    it('writes no tag, assignment or event when the last row breaks a rule', async () => {
      const actor = adminOfNewOrganization();
      const externalIds = Array.from({ length: 50 }, (_, i) => `i-rule-${i}`);
      await insertAssets(dataSource, actor.organizationId, externalIds);
      const rows: Row[] = externalIds.map((id, i) => ['team', `t${i}`, 'fine', id]);
      rows.push(['bad key', 'x', '', externalIds[0]!]);

      const submitted = await submit(actor, 'rule.csv', importCsv(rows));
      await runQueuedJob(submitted.import.id);

      const ended = await importOf(actor, submitted.import.id);
      expect(ended).toMatchObject({ status: 'failed', recordsImported: 0, assignments: 0 });
      expect(ended.issues).toEqual([{ lineNumber: rows.length + 1, dataField: 'key', issue: TAG_RULE_MESSAGES.key }]);
      expect(await writtenBy(dataSource, actor.organizationId)).toEqual({
        tags: 0,
        assignments: 0,
        audit: 0,
        imported: 0,
        changed: 0,
        assigned: 0,
        outbox: 0,
      });
    });

    it('writes nothing when the last pair exists already (in another letter case)', async () => {
      const actor = adminOfNewOrganization();
      await insertAssets(dataSource, actor.organizationId, ['i-pair']);
      await harness.tags.createMany(actor, [{ key: 'env', value: 'prod', description: '' }]);
      const before = await writtenBy(dataSource, actor.organizationId);

      const rows: Row[] = [
        ['env', 'dev', '', 'i-pair'],
        ['env', 'test', '', 'i-pair'],
        ['ENV', 'Prod', '', 'i-pair'],
      ];
      const submitted = await submit(actor, 'pairs.csv', importCsv(rows));
      await runQueuedJob(submitted.import.id);

      const ended = await importOf(actor, submitted.import.id);
      expect(ended.status).toBe('failed');
      expect(ended.issues).toEqual([{ lineNumber: 4, dataField: 'key', issue: TAG_RULE_MESSAGES.alreadyExists }]);
      expect(await writtenBy(dataSource, actor.organizationId)).toEqual(before);
    });
  });

  describe('idempotency', () => {
    it('imports once however often and however concurrently the job runs, and a re-submission answers it', async () => {
      const actor = adminOfNewOrganization();
      const externalIds = Array.from({ length: 100 }, (_, i) => `i-once-${i}`);
      await insertAssets(dataSource, actor.organizationId, externalIds);
      // 300 tags, each on two assets.
      const rows: Row[] = Array.from({ length: 300 }, (_, i) => [
        'batch',
        `v${i}`,
        `line_${i}`,
        `${externalIds[i % 100]}|${externalIds[(i + 1) % 100]}`,
      ]);
      const content = importCsv(rows);

      const first = await submit(actor, 'once.csv', content);
      expect(first).toMatchObject({ created: true, import: { status: 'queued' } });
      const again = await submit(actor, 'once.csv', content);
      expect(again).toMatchObject({ created: false, import: { id: first.import.id } });
      expect(await jobsOf(first.import.id)).toBe(1);

      const job = await queuedJob(first.import.id);
      // Two workers at once (the row lock makes one wait, then see the import ended), then a late retry.
      await Promise.all([harness.runJob.process(job.data, job), harness.runJob.process(job.data, job)]);
      await harness.runJob.process(job.data, job);
      // A late job of an ended import stops before the test delay and the transaction.
      expect(await harness.imports.markRunning(actor.organizationId, first.import.id)).toBe(false);

      expect(await importOf(actor, first.import.id)).toMatchObject({
        status: 'completed',
        recordsImported: 300,
        assignments: 600,
        message: MESSAGES.importSucceeded(300),
      });
      expect(await writtenBy(dataSource, actor.organizationId)).toEqual({
        tags: 300,
        assignments: 600,
        // One tag.created per tag, one tags.assigned per tag, one tags.imported.
        audit: 601,
        imported: 1,
        changed: 300,
        assigned: 1,
        outbox: 302,
      });

      const resubmitted = await submit(actor, 'once.csv', content);
      expect(resubmitted).toMatchObject({ created: false, import: { id: first.import.id, status: 'completed' } });
      expect(await jobsOf(first.import.id)).toBe(1);
    });
  });

  it('assigns by asset external id: every asset of the organization with that id, each pair once', async () => {
    const actor = adminOfNewOrganization();
    const [a, b, twinOne, twinTwo] = await insertAssets(dataSource, actor.organizationId, [
      'i-a',
      'i-b',
      'i-twin',
      'i-twin',
    ]);
    const rows: Row[] = [
      ['owner', 'a', '', 'i-a|i-b'],
      ['owner', 'b', '', 'i-twin'],
      ['owner', 'c', '', ''],
      ['owner', 'd', '', ' i-a | i-a '],
    ];
    const submitted = await submit(actor, 'assets.csv', importCsv(rows));
    await runQueuedJob(submitted.import.id);

    expect(await importOf(actor, submitted.import.id)).toMatchObject({ status: 'completed', assignments: 5 });
    const pairs = await dataSource.query<{ value: string; asset_id: string; source: string }[]>(
      `SELECT t.value, ta.asset_id, ta.source FROM tag_assets ta JOIN tags t ON t.id = ta.tag_id
        WHERE ta.organization_id = $1 ORDER BY t.value, ta.asset_id`,
      [actor.organizationId],
    );
    const expected = [
      { value: 'a', asset_id: a },
      { value: 'a', asset_id: b },
      { value: 'b', asset_id: twinOne },
      { value: 'b', asset_id: twinTwo },
      { value: 'd', asset_id: a },
    ].sort((x, y) => x.value.localeCompare(y.value) || x.asset_id!.localeCompare(y.asset_id!));
    expect(pairs).toEqual(expected.map((pair) => ({ ...pair, source: 'import' })));
    const [{ payload }] = await dataSource.query<{ payload: TagsAssignedPayload }[]>(
      `SELECT envelope -> 'payload' AS payload FROM outbox WHERE message_key = $1::text AND topic = $2`,
      [actor.organizationId, TOPICS.taggingTagsAssigned],
    );
    expect(payload.assignments.map((pair) => pair.assetId).sort()).toEqual(
      expected.map((pair) => pair.asset_id).sort(),
    );
  });

  it("treats another organization's assets as unknown: the file does not validate and nothing is written", async () => {
    const ours = adminOfNewOrganization();
    const theirs = adminOfNewOrganization();
    await insertAssets(dataSource, ours.organizationId, ['i-ours']);
    const [theirAsset] = await insertAssets(dataSource, theirs.organizationId, ['i-theirs']);
    const rows: Row[] = [
      ['team', 'x', '', 'i-ours'],
      ['team', 'y', '', 'i-theirs'],
    ];
    const submitted = await submit(ours, 'theirs.csv', importCsv(rows));

    const unknown = { lineNumber: 3, dataField: 'assets', issue: IMPORT_ISSUES.unknownAsset('i-theirs') };
    expect(await harness.validateJob.process({ actor: ours, fileName: 'theirs.csv' })).toEqual({
      found: true,
      validation: {
        fileName: 'theirs.csv',
        valid: false,
        records: 2,
        message: MESSAGES.importHasIssues,
        issues: [unknown],
        issueCount: 1,
        issueCountByField: { assets: 1 },
      },
    });

    await runQueuedJob(submitted.import.id);
    const ended = await importOf(ours, submitted.import.id);
    expect(ended).toMatchObject({ status: 'failed', issues: [unknown] });
    expect((await writtenBy(dataSource, ours.organizationId)).tags).toBe(0);
    const theirTags = await dataSource.query<unknown[]>(`SELECT 1 FROM tag_assets WHERE asset_id = $1`, [theirAsset]);
    expect(theirTags).toEqual([]);
  });

  it('leaves nothing behind when its organization is purged while the import writes (offboarding)', async () => {
    const actor = adminOfNewOrganization();
    const { organizationId } = actor;
    await insertAssets(dataSource, organizationId, ['i-purged']);
    const submitted = await submit(actor, 'purged.csv', importCsv([['team', 'gone', '', 'i-purged']]));
    // Another transaction holds the pair the import will insert (uncommitted): the import stops in the middle of its
    // writes, after it has locked its own row.
    const blocker = dataSource.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query(`INSERT INTO tags (organization_id, key, value) VALUES ($1, 'team', 'gone')`, [organizationId]);
    const waitingOn = (statement: string) => waitsOnLock(dataSource, statement);
    const importing = runQueuedJob(submitted.import.id);
    await pollUntil('the import to wait in the middle of its writes', () => waitingOn('INSERT INTO tags'));
    // The organization is deleted meanwhile; then the other transaction gives the pair up and the import goes on.
    const purging = dataSource.transaction((manager) => purgeOrganization(manager, organizationId));
    // It waits: for the import to commit (the purge lock), or, without it, on the import's row.
    await pollUntil(
      'the purge to wait',
      async () => (await waitingOn('pg_advisory_xact_lock(')) || waitingOn('DELETE FROM "tag_imports"'),
    );
    await blocker.rollbackTransaction();
    await blocker.release();
    await Promise.all([importing, purging]);
    const left = (await dataSource.query(
      `SELECT (SELECT count(*)::int FROM tags WHERE organization_id = $1)
            + (SELECT count(*)::int FROM tag_assets WHERE organization_id = $1)
            + (SELECT count(*)::int FROM tag_imports WHERE organization_id = $1)
            + (SELECT count(*)::int FROM tag_audit_log WHERE organization_id = $1) AS rows`,
      [organizationId],
    )) as { rows: number }[];
    expect(left[0]!.rows).toBe(0);
  });

  describe('Redis lost its data (issue 24)', () => {
    it('the sweep queues again an unfinished import whose job is gone, leaves a queued one alone, and it runs once', async () => {
      const actor = adminOfNewOrganization();
      const submitted = await submit(actor, 'lost.csv', importCsv([['lost', 'v', '', '']]));
      const kept = await submit(actor, 'kept.csv', importCsv([['kept', 'v', '', '']]));
      // Redis restarted without its data: the job is gone, the import is still queued in PostgreSQL.
      await (await queuedJob(submitted.import.id)).remove();
      expect(await jobsOf(submitted.import.id)).toBe(0);

      expect(await harness.service.requeueUnfinished()).toBeGreaterThanOrEqual(2);
      expect(await jobsOf(submitted.import.id)).toBe(1);
      expect(await jobsOf(kept.import.id)).toBe(1);
      // Its job carries the actor the import was submitted by.
      expect((await queuedJob(submitted.import.id)).data).toEqual({ importId: submitted.import.id, actor });
      await runQueuedJob(submitted.import.id);
      expect(await importOf(actor, submitted.import.id)).toMatchObject({ status: 'completed', recordsImported: 1 });
      // Ended: the next sweep leaves it out.
      await harness.service.requeueUnfinished();
      expect(await jobsOf(submitted.import.id)).toBe(1);
    });
  });

  describe('resilience (issue 20)', () => {
    it('lists at most 1000 issues of a failed import and stores the counts; the list of imports carries only counts', async () => {
      const actor = adminOfNewOrganization();
      const rows: Row[] = Array.from({ length: 5000 }, (_, i) => ['bad key', `v${i}`, '', `gone-${i}`]);
      const submitted = await submit(actor, 'bound.csv', importCsv(rows));
      await runQueuedJob(submitted.import.id);

      const ended = await importOf(actor, submitted.import.id);
      expect(ended).toMatchObject({
        status: 'failed',
        message: MESSAGES.importHasIssues,
        issueCount: 10_000,
        issueCountByField: { key: 5000, assets: 5000 },
      });
      expect(ended.issues).toHaveLength(TAGGING_LIMITS.importIssuesListedMax);
      expect(ended.issues?.[0]).toEqual({ lineNumber: 2, dataField: 'key', issue: TAG_RULE_MESSAGES.key });
      expect(ended.issues?.at(-1)?.lineNumber).toBe(501);

      const listed = (await harness.service.list(actor)).find((item) => item.id === submitted.import.id);
      expect(listed).toMatchObject({ status: 'failed', issueCount: 10_000 });
      expect(listed?.issues).toBeUndefined();
    });

    it.each([
      ['a NUL byte', Buffer.from('key,value,description\nenv,prod,\nteam,o\0ps,\n'), 3, IMPORT_ISSUES.nulByte],
      [
        'bytes that are not UTF-8',
        Buffer.from('key,value,description\nenv,caf\xe9,\n', 'latin1'),
        2,
        IMPORT_ISSUES.notUtf8,
      ],
    ])(
      'a file with %s: validation names its line, and its import fails with that reason',
      async (_, content, line, text) => {
        const actor = adminOfNewOrganization();
        const issue = { lineNumber: line, dataField: 'file', issue: text };
        const submitted = await submit(actor, 'not-text.csv', content);
        expect(await harness.validateJob.process({ actor, fileName: 'not-text.csv' })).toMatchObject({
          found: true,
          validation: { valid: false, message: MESSAGES.importHasIssues, issues: [issue], issueCount: 1 },
        });

        // Before, PostgreSQL refused the NUL: the job threw, was retried, and ended "Something went wrong".
        await runQueuedJob(submitted.import.id);
        expect(await importOf(actor, submitted.import.id)).toMatchObject({
          status: 'failed',
          message: MESSAGES.importHasIssues,
          issues: [issue],
          issueCount: 1,
          issueCountByField: { file: 1 },
        });
        expect((await writtenBy(dataSource, actor.organizationId)).tags).toBe(0);
      },
    );

    describe('GET tags/validate/import waits for its job on the shared QueueEvents', () => {
      let waiting: ImportHarness;
      let queueName: string;

      beforeAll(async () => {
        queueName = `tag-validate-${uniqueSuffix()}`;
        // A tiny wait, as TAG_IMPORT_VALIDATION_WAIT_MS sets it: no test waits the production 10 s.
        waiting = await createImportHarness({ dataSource, queueName, filesDirectory, validationWaitMs: 300 });
      });

      afterAll(async () => {
        await waiting?.queue.obliterate({ force: true });
        await waiting?.close();
      });

      it('answers 504 with the standard error body when no worker answers in time, and drops the job', async () => {
        const actor = adminOfNewOrganization();
        await waiting.files.write(actor.organizationId, 'late.csv', importCsv([['env', 'prod', '', '']]));
        const error = await waiting.service.validate(actor, 'late.csv').then(
          () => undefined,
          (rejected: unknown) => rejected,
        );
        expect(toErrorResponse(error)).toEqual({
          statusCode: 504,
          message: MESSAGES.unavailable,
          errorId: expect.any(String),
          code: 'GATEWAY_TIMEOUT',
        });
        await pollUntil('the late job is dropped', async () => (await waiting.queue.getWaitingCount()) === 0);
      });

      it("answers the worker's validation as the job's result", async () => {
        const actor = adminOfNewOrganization();
        await waiting.files.write(actor.organizationId, 'answered.csv', importCsv([['env', 'prod', '', '']]));
        const worker = new Worker(
          queueName,
          (job: Job) => waiting.validateJob.process(job.data as TaggingJobs['validate-tag-import']),
          { connection: new Redis(TAG_IMPORT_TEST_REDIS_URL, { maxRetriesPerRequest: null }) },
        );
        try {
          await worker.waitUntilReady();
          // Generous: the worker may be slow to start on a busy machine, and a 504 would only mean "try again".
          const slowMachine = await createImportHarness({
            dataSource,
            queueName,
            filesDirectory,
            validationWaitMs: 10_000,
          });
          try {
            expect(await slowMachine.service.validate(actor, 'answered.csv')).toMatchObject({
              fileName: 'answered.csv',
              valid: true,
              records: 1,
              message: MESSAGES.importValid,
              issues: [],
              issueCount: 0,
            });
            await expect(slowMachine.service.validate(actor, 'never-uploaded.csv')).rejects.toMatchObject({
              status: 404,
            });
          } finally {
            await slowMachine.close();
          }
        } finally {
          await worker.close();
          await worker.disconnect();
        }
      });
    });
  });
});
