import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { createRedis, metricsRegistry } from '@infra/platform';
import { pollUntil, testRedisModule, uniqueSuffix } from '@infra/platform/testing';
import {
  InjectJobQueue,
  JobProcessor,
  JobQueue,
  jobQueueToken,
  JobsModule,
  JobsRuntime,
  JobWaitTimeoutError,
  TypedJob,
  UnrecoverableError,
  WAITED_JOB_KEEP_SECONDS,
} from '../src';

// Real Redis, database 7 (not the product's), one fresh queue per test.
const REDIS_URL = process.env.JOBS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/7';
const WORKERS: JobsRuntime = { workers: true, workerOnly: false };

interface TestJobs {
  greet: { name: string };
  flaky: { failTimes: number };
  reject: { reason: string };
  slow: { ms: number };
  double: { n: number };
  unreachable: { failTimes: number };
}

/** What the jobs a caller waits for answer. */
interface TestResults {
  double: { doubled: number };
  reject: never;
  slow: void;
}

/** What the processors saw, per test. */
class Journal {
  greeted: string[] = [];
  flakyAttempts: number[] = [];
  rejectCalls = 0;
  slowStarted = false;
  slowFinished = false;
  unreachableRuns: number[] = [];
}

@Injectable()
class GreetJob extends JobProcessor<TestJobs, 'greet'> {
  readonly name = 'greet';
  constructor(private readonly journal: Journal) {
    super();
  }
  async process(payload: TestJobs['greet']): Promise<void> {
    this.journal.greeted.push(payload.name);
  }
}

@Injectable()
class FlakyJob extends JobProcessor<TestJobs, 'flaky'> {
  readonly name = 'flaky';
  constructor(private readonly journal: Journal) {
    super();
  }
  async process(payload: TestJobs['flaky'], job: TypedJob<TestJobs, 'flaky'>): Promise<void> {
    this.journal.flakyAttempts.push(Date.now());
    if (job.attemptsMade < payload.failTimes) throw new Error(`attempt ${job.attemptsMade + 1} fails`);
  }
}

@Injectable()
class RejectJob extends JobProcessor<TestJobs, 'reject'> {
  readonly name = 'reject';
  constructor(private readonly journal: Journal) {
    super();
  }
  async process(payload: TestJobs['reject']): Promise<void> {
    this.journal.rejectCalls += 1;
    throw new UnrecoverableError(payload.reason);
  }
}

@Injectable()
class SlowJob extends JobProcessor<TestJobs, 'slow'> {
  readonly name = 'slow';
  constructor(private readonly journal: Journal) {
    super();
  }
  async process(payload: TestJobs['slow']): Promise<void> {
    this.journal.slowStarted = true;
    await new Promise((resolve) => setTimeout(resolve, payload.ms));
    this.journal.slowFinished = true;
  }
}

@Injectable()
class DoubleJob extends JobProcessor<TestJobs, 'double', TestResults['double']> {
  readonly name = 'double';
  async process(payload: TestJobs['double']): Promise<TestResults['double']> {
    return { doubled: payload.n * 2 };
  }
}

/** Finds its database out of reach (a restart or failover) on its first `failTimes` runs. */
@Injectable()
class UnreachableJob extends JobProcessor<TestJobs, 'unreachable'> {
  readonly name = 'unreachable';
  constructor(private readonly journal: Journal) {
    super();
  }
  async process(payload: TestJobs['unreachable'], job: TypedJob<TestJobs, 'unreachable'>): Promise<void> {
    this.journal.unreachableRuns.push(job.attemptsMade);
    if (this.journal.unreachableRuns.length <= payload.failTimes)
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  }
}

/** A producer elsewhere in the app, injecting the typed queue. */
@Injectable()
class Greeter {
  constructor(@InjectJobQueue('unused') readonly queue: JobQueue<TestJobs>) {}
}

describe('libs/jobs on a real Redis', () => {
  let app: INestApplicationContext | undefined;
  let queueName: string;
  let journal: Journal;
  let inspect: Redis;

  async function start(runtime = WORKERS, schedules?: JobsModuleSchedules): Promise<JobQueue<TestJobs, TestResults>> {
    journal = new Journal();
    const moduleRef = await Test.createTestingModule({
      imports: [
        testRedisModule(REDIS_URL),
        JobsModule.register<TestJobs>({
          queue: queueName,
          processors: [GreetJob, FlakyJob, RejectJob, SlowJob, DoubleJob, UnreachableJob],
          providers: [{ provide: Journal, useValue: journal }],
          retry: { attempts: 3, backoffMs: 200, databaseWaitMs: 100 },
          schedules,
          runtime,
        }),
      ],
    }).compile();
    app = await moduleRef.init();
    return app.get<JobQueue<TestJobs, TestResults>>(jobQueueToken(queueName));
  }

  type JobsModuleSchedules = Parameters<typeof JobsModule.register<TestJobs>>[0]['schedules'];

  let inspected: Queue;
  const inspector = () => inspected;

  beforeAll(() => {
    inspect = createRedis(REDIS_URL);
  });

  beforeEach(() => {
    queueName = `jobs-test-${uniqueSuffix()}`;
    inspected = new Queue(queueName, { connection: inspect });
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await inspected.obliterate({ force: true });
    await inspected.close();
  });

  afterAll(async () => {
    await inspect.quit();
  });

  it('processes a typed job once, and an add with the same jobId is a no-op', async () => {
    const queue = await start();
    const first = await queue.add('greet', { name: 'Ada' }, { jobId: 'greet-ada' });
    const second = await queue.add('greet', { name: 'Ada' }, { jobId: 'greet-ada' });
    expect(second).toBe(first);
    const job = await pollUntil('job completed', async () => {
      const found = await inspector().getJob(first);
      return (await found?.getState()) === 'completed' ? found : undefined;
    });
    expect(job?.name).toBe('greet');
    expect(journal.greeted).toEqual(['Ada']);
  });

  it('debounces: adds with one key within its time run as one job, a later add as another', async () => {
    const queue = await start();
    // A long window and delay: the second add falls inside the first's window whatever the machine's speed.
    const first = await queue.add('greet', { name: 'Ada' }, { debounce: { key: 'greet-ada', ms: 60_000 }, delay: 500 });
    const second = await queue.add(
      'greet',
      { name: 'Ada' },
      { debounce: { key: 'greet-ada', ms: 60_000 }, delay: 500 },
    );
    expect(second).toBe(first);
    await pollUntil('the debounced job to complete', async () => journal.greeted.length === 1);
    const other = await queue.add('greet', { name: 'Bob' }, { debounce: { key: 'greet-bob', ms: 60_000 } });
    expect(other).not.toBe(first);
    await pollUntil('the other key to run its own job', async () => journal.greeted.length === 2);
    expect(journal.greeted).toEqual(['Ada', 'Bob']);
  });

  it('retries a failing job with exponential backoff, then succeeds', async () => {
    const queue = await start();
    const id = await queue.add('flaky', { failTimes: 2 });
    await pollUntil(
      'flaky job completed',
      async () => (await (await inspector().getJob(id))?.getState()) === 'completed',
    );
    expect(journal.flakyAttempts).toHaveLength(3);
    const [a, b, c] = journal.flakyAttempts;
    // Backoff 200 ms then 400 ms (BullMQ adds no jitter by default); allow scheduling slack below.
    expect(b - a).toBeGreaterThanOrEqual(180);
    expect(c - b).toBeGreaterThanOrEqual(360);
  });

  it('waits for a database out of reach without spending attempts, then completes', async () => {
    const queue = await start();
    // Five runs that cannot reach the database, more than the three attempts a failing job gets.
    const id = await queue.add('unreachable', { failTimes: 5 });
    await pollUntil(
      'the job to complete',
      async () => (await (await inspector().getJob(id))?.getState()) === 'completed',
    );
    expect(journal.unreachableRuns).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('fails at once, without retries, on UnrecoverableError', async () => {
    const queue = await start();
    const id = await queue.add('reject', { reason: 'no such user' });
    // Read the job again once it has failed: a copy read just before has no failedReason yet.
    await pollUntil('job failed', async () => (await (await inspector().getJob(id))?.getState()) === 'failed');
    const job = (await inspector().getJob(id))!;
    expect(job.failedReason).toBe('no such user');
    expect(job.attemptsMade).toBe(1);
    expect(journal.rejectCalls).toBe(1);
  });

  it('waits on shutdown for the job it is running', async () => {
    const queue = await start();
    const id = await queue.add('slow', { ms: 1500 });
    await pollUntil('slow job started', () => journal.slowStarted);
    await app?.close();
    app = undefined;
    expect(journal.slowFinished).toBe(true);
    expect(await (await inspector().getJob(id))?.getState()).toBe('completed');
  });

  it('counts enqueued jobs, completed and failed attempts and their duration per queue and job name', async () => {
    const queue = await start();
    await queue.add('greet', { name: 'Grace' });
    const id = await queue.add('flaky', { failTimes: 1 });
    const rejected = await queue.add('reject', { reason: 'never' });
    await pollUntil(
      'flaky job completed',
      async () => (await (await inspector().getJob(id))?.getState()) === 'completed',
    );
    await pollUntil(
      'rejected job failed',
      async () => (await (await inspector().getJob(rejected))?.getState()) === 'failed',
    );
    const text = await metricsRegistry.metrics();
    const value = (name: string, labels: string) =>
      Number(new RegExp(`^${name}\\{${labels}\\} (\\d+)`, 'm').exec(text)?.[1] ?? 'NaN');
    expect(value('jobs_added_total', `queue="${queueName}",job="greet"`)).toBe(1);
    expect(value('jobs_added_total', `queue="${queueName}",job="reject"`)).toBe(1);
    expect(value('jobs_completed_total', `queue="${queueName}",job="greet"`)).toBe(1);
    expect(value('jobs_completed_total', `queue="${queueName}",job="flaky"`)).toBe(1);
    expect(value('jobs_failed_total', `queue="${queueName}",job="flaky",final="false"`)).toBe(1);
    expect(value('jobs_failed_total', `queue="${queueName}",job="reject",final="true"`)).toBe(1);
    expect(value('job_duration_seconds_count', `queue="${queueName}",job="flaky",outcome="failed"`)).toBe(1);
  });

  it('only enqueues when workers are off (JOBS_ENABLED=false), and registers schedules where workers run', async () => {
    const producer = await start({ workers: false, workerOnly: false });
    const producerJournal = journal;
    const id = await producer.add('greet', { name: 'Linus' });
    // Nothing may run it, shown by behaviour rather than by a settle: no worker of this queue is connected to Redis,
    // closing the app finds the job untouched (a running job would be awaited by close), and the next app runs it.
    expect(await inspector().getWorkers()).toEqual([]);
    await app?.close();
    const untouched = await inspector().getJob(id);
    expect([await untouched?.getState(), untouched?.attemptsMade, untouched?.processedOn]).toEqual([
      'waiting',
      0,
      undefined,
    ]);
    expect(producerJournal.greeted).toEqual([]);
    await start(WORKERS, [{ name: 'greet', every: 60_000, payload: { name: 'scheduled' } }]);
    // The same check sees a worker where workers run.
    await pollUntil('the worker connected', async () => (await inspector().getWorkers()).length > 0);
    await pollUntil('queued job ran', () => journal.greeted.includes('Linus'));
    await pollUntil('scheduled job ran', () => journal.greeted.includes('scheduled'));
    expect(journal.greeted.filter((name) => name === 'Linus')).toEqual(['Linus']);
    expect((await inspector().getJobSchedulers()).map((s) => s.key)).toEqual(['greet']);
  });

  it('creates again a schedule Redis lost, and leaves one it still has as it is', async () => {
    await start(WORKERS, [{ name: 'greet', every: 60_000, payload: { name: 'scheduled' } }]);
    await pollUntil('scheduled job ran', () => journal.greeted.includes('scheduled'));
    const runner = app!.get<{ restoreLostSchedules(): Promise<string[]> }>(`QueueRunner:${queueName}`);
    const before = await inspector().getJobScheduler('greet');
    // Present: nothing is created again and its next run does not move.
    expect(await runner.restoreLostSchedules()).toEqual([]);
    expect((await inspector().getJobScheduler('greet'))?.next).toBe(before?.next);
    // Lost (Redis restarted without its data): created again, and it runs.
    await inspector().removeJobScheduler('greet');
    journal.greeted.length = 0;
    expect(await runner.restoreLostSchedules()).toEqual(['greet']);
    expect((await inspector().getJobSchedulers()).map((schedule) => schedule.key)).toEqual(['greet']);
    await pollUntil('the restored schedule ran', () => journal.greeted.includes('scheduled'));
  });

  it('runs two queues side by side in one app (a service registers its own and the messaging one)', async () => {
    journal = new Journal();
    const other = `${queueName}-other`;
    const register = (queue: string) =>
      JobsModule.register<TestJobs>({
        queue,
        processors: [GreetJob],
        providers: [{ provide: Journal, useValue: journal }],
        runtime: WORKERS,
      });
    const moduleRef = await Test.createTestingModule({
      imports: [testRedisModule(REDIS_URL), register(queueName), register(other)],
    }).compile();
    app = await moduleRef.init();
    await app.get<JobQueue<TestJobs>>(jobQueueToken(queueName)).add('greet', { name: 'first' });
    await app.get<JobQueue<TestJobs>>(jobQueueToken(other)).add('greet', { name: 'second' });
    await pollUntil('both queues ran their job', () => journal.greeted.length === 2);
    expect(journal.greeted.sort()).toEqual(['first', 'second']);
    await app.close();
    app = undefined;
    const otherQueue = new Queue(other, { connection: inspect });
    await otherQueue.obliterate({ force: true });
    await otherQueue.close();
  });

  describe('addAndWait', () => {
    /** Connections of the test's Redis database (CLIENT LIST names each one's database). */
    const connectionsOnDatabase = async () => {
      const db = (inspect.options.db ?? 0).toString();
      const list = (await inspect.client('LIST')) as string;
      return list.split('\n').filter((line) => line.includes(` db=${db} `)).length;
    };

    it("answers the processor's result, and rejects with a failed job's reason", async () => {
      const queue = await start();
      expect(await queue.addAndWait('double', { n: 21 }, { timeoutMs: 30_000 })).toEqual({ doubled: 42 });
      await expect(queue.addAndWait('reject', { reason: 'never' }, { timeoutMs: 30_000 })).rejects.toThrow('never');
    });

    it('gives up after its timeout with JobWaitTimeoutError and drops the job nobody started', async () => {
      const queue = await start({ workers: false, workerOnly: false });
      const wait = queue.addAndWait('double', { n: 1 }, { jobId: 'late-one', timeoutMs: 200 });
      await expect(wait).rejects.toBeInstanceOf(JobWaitTimeoutError);
      await pollUntil('the late job is removed', async () => (await inspector().getJob('late-one')) === undefined);
    });

    it('keeps a waited-for job only a few minutes', async () => {
      const queue = await start();
      await queue.addAndWait('double', { n: 2 }, { jobId: 'kept', timeoutMs: 30_000 });
      const job = await inspector().getJob('kept');
      expect(job?.opts.removeOnComplete).toEqual({ age: WAITED_JOB_KEEP_SECONDS });
    });

    it('waits on one shared QueueEvents connection, not one per waiting caller', async () => {
      const queue = await start({ workers: false, workerOnly: false });
      // The first wait opens the process's QueueEvents; then 20 callers wait at once.
      await expect(queue.addAndWait('double', { n: 0 }, { timeoutMs: 50 })).rejects.toBeInstanceOf(JobWaitTimeoutError);
      const before = await connectionsOnDatabase();
      const waits = Array.from({ length: 20 }, (_, n) =>
        queue.addAndWait('double', { n }, { timeoutMs: 10_000 }).catch((error: unknown) => error),
      );
      await pollUntil('20 jobs wait', async () => (await inspector().getWaitingCount()) >= 20);
      expect(await connectionsOnDatabase()).toBeLessThanOrEqual(before + 1);
      // Nothing runs the jobs: each caller is told so after its timeout.
      for (const outcome of await Promise.all(waits)) expect(outcome).toBeInstanceOf(JobWaitTimeoutError);
    }, 30_000);
  });

  it('injects the typed queue into other providers', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        testRedisModule(REDIS_URL),
        JobsModule.register<TestJobs>({
          queue: 'unused',
          processors: [],
          runtime: { workers: false, workerOnly: false },
        }),
      ],
      providers: [Greeter],
    }).compile();
    app = await moduleRef.init();
    expect(app.get(Greeter).queue.name).toBe('unused');
  });
});
