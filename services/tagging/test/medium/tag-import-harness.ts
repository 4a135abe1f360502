// The CSV import wired as AppModule wires its job workers (TAG_WRITE_PROVIDERS and the import's providers), around
// a scratch database, a Redis queue of the test's own and a LocalFileStore in a temporary directory. Used by the
// medium tests and by the kill test's worker processes, so both run production's processors and service.
import { Test, type TestingModule } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { TOPICS } from '@infra/contracts';
import { defaultJobOptions, JOB_DEFAULTS, JobQueue, jobQueueToken } from '@infra/jobs';
import { EventPublisher } from '@infra/messaging';
import { REDIS } from '@infra/platform';
import { TAG_WRITE_PROVIDERS } from '../../src/app.module';
import { FILE_STORE } from '../../src/file-store/file-store';
import { LocalFileStore } from '../../src/file-store/local-file-store';
import { SignedAddresses } from '../../src/file-store/signed-addresses';
import { RunTagImportJob, ValidateTagImportJob } from '../../src/tag-import/tag-import.jobs';
import { TAGGING_QUEUE } from '../../src/tag-import/tag-import.queue';
import { TagImportRepository } from '../../src/tag-import/tag-import.repository';
import { TagImportService } from '../../src/tag-import/tag-import.service';
import { TaggingEnv } from '../../src/tagging.env';
import { TagsService } from '../../src/tags/tags.service';

/** A Redis database no product process uses (the dev product uses 0, `npm test` 1, the jobs tests 7). */
export const TAG_IMPORT_TEST_REDIS_URL = process.env.TAG_IMPORT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/9';

export interface ImportHarness {
  service: TagImportService;
  imports: TagImportRepository;
  tags: TagsService;
  runJob: RunTagImportJob;
  validateJob: ValidateTagImportJob;
  files: LocalFileStore;
  /** The queue behind the service's `JobQueue` (production's default job options). */
  queue: Queue;
  close(): Promise<void>;
}

export interface HarnessOptions {
  dataSource: DataSource;
  /** A queue name of the test's own (the service's `JobQueue` token stays tagging's). */
  queueName: string;
  filesDirectory: string;
  importTestDelayMs?: number;
  /** TAG_IMPORT_VALIDATION_WAIT_MS: how long `validate` waits for its job (production: 10 s). */
  validationWaitMs?: number;
}

export async function createImportHarness(options: HarnessOptions): Promise<ImportHarness> {
  const redis = new Redis(TAG_IMPORT_TEST_REDIS_URL, { maxRetriesPerRequest: 2 });
  const queueConnection = redis.duplicate();
  const queue = new Queue(options.queueName, {
    connection: queueConnection,
    defaultJobOptions: defaultJobOptions({ attempts: JOB_DEFAULTS.attempts, backoffMs: JOB_DEFAULTS.backoffMs }),
  });
  // Built on first use, as the JobsModule does: what `validate` waits on.
  let events: QueueEvents | undefined;
  const sharedEvents = async () => {
    events ??= new QueueEvents(options.queueName, {
      connection: redis.duplicate({ maxRetriesPerRequest: null, lazyConnect: true }),
    });
    await events.waitUntilReady();
    return events;
  };
  const env = Object.assign(new TaggingEnv(), {
    NODE_ENV: 'test',
    TAG_IMPORT_TEST_DELAY_MS: options.importTestDelayMs ?? 0,
    TAG_IMPORT_VALIDATION_WAIT_MS: options.validationWaitMs ?? 10_000,
  });
  const files = new LocalFileStore(
    options.filesDirectory,
    new SignedAddresses('medium-test-signing-key-of-32-characters'),
  );
  const module: TestingModule = await Test.createTestingModule({
    providers: [
      ...TAG_WRITE_PROVIDERS,
      TagImportRepository,
      TagImportService,
      RunTagImportJob,
      ValidateTagImportJob,
      EventPublisher,
      { provide: getDataSourceToken(), useValue: options.dataSource },
      { provide: REDIS, useValue: redis },
      { provide: TaggingEnv, useValue: env },
      { provide: FILE_STORE, useValue: files },
      { provide: jobQueueToken(TAGGING_QUEUE), useValue: new JobQueue(queue, sharedEvents) },
    ],
  }).compile();
  return {
    service: module.get(TagImportService),
    imports: module.get(TagImportRepository),
    tags: module.get(TagsService),
    runJob: module.get(RunTagImportJob),
    validateJob: module.get(ValidateTagImportJob),
    files,
    queue,
    close: async () => {
      await module.close();
      await events?.close();
      await queue.close();
      queueConnection.disconnect();
      redis.disconnect();
    },
  };
}

/** Assets of tagging's read model (as inventory's events would leave them); returns their ids in order. */
export async function insertAssets(
  dataSource: DataSource,
  organizationId: string,
  externalIds: readonly string[],
): Promise<string[]> {
  const rows = await dataSource.query<{ id: string }[]>(
    `INSERT INTO assets (id, organization_id, external_id, name, status)
     SELECT gen_random_uuid(), $1, e.external_id, 'asset-' || e.n, 'active'
       FROM unnest($2::text[]) WITH ORDINALITY AS e(external_id, n)
      ORDER BY e.n
     RETURNING id`,
    [organizationId, externalIds],
  );
  return rows.map((row) => row.id);
}

/** An import file: the header with the assets column, then `key,value,description,assets` rows. */
export function importCsv(rows: readonly (readonly [string, string, string, string])[]): Buffer {
  return Buffer.from(['key,value,description,assets', ...rows.map((row) => row.join(','))].join('\r\n') + '\r\n');
}

/** What an import of the organization wrote: rows of each table and events of each topic. */
export async function writtenBy(dataSource: DataSource, organizationId: string) {
  const [counts] = await dataSource.query<
    {
      tags: number;
      assignments: number;
      audit: number;
      imported: number;
      changed: number;
      assigned: number;
      outbox: number;
    }[]
  >(
    `SELECT (SELECT count(*)::int FROM tags WHERE organization_id = $1 AND NOT system) AS tags,
            (SELECT count(*)::int FROM tag_assets WHERE organization_id = $1) AS assignments,
            (SELECT count(*)::int FROM tag_audit_log WHERE organization_id = $1) AS audit,
            (SELECT count(*)::int FROM outbox WHERE message_key = $1::text AND topic = $2) AS imported,
            (SELECT count(*)::int FROM outbox WHERE message_key = $1::text AND topic = $3) AS changed,
            (SELECT count(*)::int FROM outbox WHERE message_key = $1::text AND topic = $4) AS assigned,
            (SELECT count(*)::int FROM outbox WHERE message_key = $1::text) AS outbox`,
    [organizationId, TOPICS.taggingImportCompleted, TOPICS.taggingTagChanged, TOPICS.taggingTagsAssigned],
  );
  return counts;
}
