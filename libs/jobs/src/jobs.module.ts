import {
  BeforeApplicationShutdown,
  DynamicModule,
  Logger,
  Module,
  ModuleMetadata,
  OnApplicationBootstrap,
  Provider,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DelayedError, Job, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { contextFromHeaders, inOrganization, inSpan, isDatabaseUnavailable, REDIS, SpanKind } from '@infra/platform';
import { defaultJobOptions, JOB_DEFAULTS, RetryOptions } from './job-defaults';
import { jobDuration, jobsCompleted, jobsFailed, jobsStalled, observeQueue, unobserveQueue } from './job-metrics';
import { JobQueue, jobQueueToken, traceCarrierOf } from './job-queue';
import type { JobProcessor, JobProcessorClass, JobSchedule } from './job-types';
import { JobsRuntime, jobsRuntime } from './jobs-env';

export interface JobsModuleOptions<J extends object> {
  /** Queue name, normally the service name ("identity"). Unique per process. */
  queue: string;
  /** One class per job name of `J`. */
  processors: JobProcessorClass<J>[];
  /** Recurring jobs; a schedule removed from this list is removed from Redis at the next start. */
  schedules?: JobSchedule<J>[];
  /** Modules and providers the processors depend on. */
  imports?: ModuleMetadata['imports'];
  providers?: Provider[];
  /** Overrides of JOB_DEFAULTS (tests use short backoffs). */
  retry?: Partial<RetryOptions>;
  concurrency?: number;
  /** Defaults to `jobsRuntime(process.env)` (JOBS_ENABLED, WORKER_ONLY). */
  runtime?: JobsRuntime;
}

type AnyProcessor = JobProcessor<Record<string, unknown>, string, unknown>;
type ProcessorClass = new (...args: never[]) => AnyProcessor;

/** The options with the job map erased, as the runner sees them. */
interface RunnerOptions {
  queue: string;
  schedules: { name: string; payload: unknown; every?: number; pattern?: string }[];
  retry?: Partial<RetryOptions>;
  concurrency?: number;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * How often a worker process checks that its schedules still exist in Redis. Redis restarted without its data (or
 * flushed) loses them, and nothing else would bring them back before the next start: the sweeps that re-queue work
 * PostgreSQL holds as unfinished would never run again.
 */
export const SCHEDULES_CHECK_MS = 30_000;

/**
 * Owns one queue: the producer connection, the worker (where this process runs workers) and the schedules.
 * Shutdown closes the worker first, which waits for the jobs it is running, before the database closes.
 * The processors are looked up when the application has started, not injected: the queue does not depend on them,
 * so a processor may depend on a service that queues jobs (the queue → processor → service → queue cycle).
 */
class QueueRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly processors = new Map<string, AnyProcessor>();
  private readonly connections: Redis[] = [];
  private worker: Worker | undefined;
  private events: Promise<QueueEvents> | undefined;
  private schedulesCheck: NodeJS.Timeout | undefined;
  private readonly retry: RetryOptions;
  readonly queue: Queue;

  constructor(
    private readonly redis: Redis,
    private readonly options: RunnerOptions,
    private readonly runtime: JobsRuntime,
    private readonly processorClasses: ProcessorClass[],
    private readonly moduleRef: ModuleRef,
  ) {
    this.logger = new Logger(`Jobs:${options.queue}`);
    this.retry = {
      attempts: JOB_DEFAULTS.attempts,
      backoffMs: JOB_DEFAULTS.backoffMs,
      databaseWaitMs: JOB_DEFAULTS.databaseWaitMs,
      ...options.retry,
    };
    this.queue = new Queue(options.queue, {
      connection: this.connection({}),
      defaultJobOptions: defaultJobOptions(this.retry),
    });
    this.queue.on('error', (error) => this.logger.warn(`queue connection: ${error.message}`));
    observeQueue(this.queue);
  }

  /** Same Redis settings as the platform's client; BullMQ workers need unlimited retries per request. */
  private connection(overrides: { maxRetriesPerRequest?: null }): Redis {
    const connection = this.redis.duplicate(overrides);
    this.connections.push(connection);
    return connection;
  }

  /**
   * The process's one QueueEvents of this queue, for `JobQueue.addAndWait`: every waiting request listens on it (a
   * connection per waiter would not scale). Created on the first wait, so worker-only processes never open it.
   */
  readonly sharedEvents = (): Promise<QueueEvents> => {
    this.events ??= this.openEvents();
    return this.events;
  };

  private async openEvents(): Promise<QueueEvents> {
    // QueueEvents duplicates the client it is given (it blocks on its own connection); this one never connects.
    const events = new QueueEvents(this.options.queue, {
      connection: this.redis.duplicate({ maxRetriesPerRequest: null, lazyConnect: true }),
    });
    events.on('error', (error) => this.logger.warn(`queue events connection: ${error.message}`));
    try {
      await events.waitUntilReady();
      return events;
    } catch (error) {
      this.events = undefined; // the next wait tries again
      await events.close().catch(() => undefined);
      throw error;
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    this.resolveProcessors();
    if (!this.runtime.workers) return;
    await this.syncSchedules();
    this.schedulesCheck = setInterval(() => void this.restoreLostSchedules(), SCHEDULES_CHECK_MS).unref();
    this.worker = new Worker(this.options.queue, (job: Job, token?: string) => this.run(job, token), {
      connection: this.connection({ maxRetriesPerRequest: null }),
      concurrency: this.options.concurrency ?? JOB_DEFAULTS.concurrency,
    });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    this.worker.on('stalled', (jobId) => {
      jobsStalled.inc({ queue: this.options.queue });
      this.logger.warn({ jobId }, 'job stalled: its worker stopped renewing its lock; it runs again');
    });
    this.worker.on('failed', (job, error) => {
      if (!job) return;
      this.logger.warn(
        { jobId: job.id, job: job.name, attempt: job.attemptsMade, final: job.finishedOn !== undefined },
        `job failed: ${error.message}`,
      );
    });
  }

  /** The processors (providers of this module) by job name; a repeated name or a schedule without one stops the start. */
  private resolveProcessors(): void {
    for (const processorClass of this.processorClasses) {
      const processor = this.moduleRef.get(processorClass);
      if (this.processors.has(processor.name)) {
        throw new Error(`queue ${this.options.queue}: two processors for job "${processor.name}"`);
      }
      this.processors.set(processor.name, processor);
    }
    for (const schedule of this.options.schedules) {
      if (!this.processors.has(schedule.name)) {
        throw new Error(`queue ${this.options.queue}: schedule "${schedule.name}" has no processor`);
      }
    }
  }

  private async syncSchedules(): Promise<void> {
    const wanted = this.options.schedules;
    for (const schedule of wanted) await this.upsertSchedule(schedule);
    const names = new Set(wanted.map((schedule) => schedule.name));
    for (const existing of await this.queue.getJobSchedulers()) {
      if (!names.has(existing.key)) await this.queue.removeJobScheduler(existing.key);
    }
  }

  private async upsertSchedule(schedule: RunnerOptions['schedules'][number]): Promise<void> {
    const repeat = schedule.every !== undefined ? { every: schedule.every } : { pattern: schedule.pattern };
    await this.queue.upsertJobScheduler(schedule.name, repeat, { name: schedule.name, data: schedule.payload });
  }

  /**
   * Creates again the schedules Redis no longer has. Only the missing ones: an upsert replaces the next run of a
   * schedule that exists, and checks every 30 s must not move an hourly job.
   */
  async restoreLostSchedules(): Promise<string[]> {
    const restored: string[] = [];
    try {
      for (const schedule of this.options.schedules) {
        if (await this.queue.getJobScheduler(schedule.name)) continue;
        await this.upsertSchedule(schedule);
        restored.push(schedule.name);
      }
    } catch (error) {
      this.logger.warn(`checking the schedules: ${errorMessage(error)}`);
    }
    if (restored.length > 0) this.logger.warn(`schedules lost from Redis, created again: ${restored.join(', ')}`);
    return restored;
  }

  /** Runs the job in a span, child of the span that queued it (its trace context travels in the job's options). */
  private run(job: Job, token?: string): Promise<unknown> {
    const attributes = {
      'messaging.system': 'bullmq',
      'messaging.destination.name': this.options.queue,
      'messaging.message.id': job.id ?? '',
      attempt: job.attemptsMade + 1,
    };
    const parent = contextFromHeaders(traceCarrierOf(job));
    return inSpan(`run ${job.name}`, { kind: SpanKind.CONSUMER, parent, attributes }, () =>
      this.runProcessor(job, token),
    );
  }

  /** Runs the job's processor; what it returns is the job's result (for `addAndWait`). */
  private async runProcessor(job: Job, token?: string): Promise<unknown> {
    const labels = { queue: this.options.queue, job: job.name };
    const end = jobDuration.startTimer(labels);
    try {
      const processor = this.processors.get(job.name);
      if (!processor) throw new UnrecoverableError(`no processor for job "${job.name}"`);
      // A job about one organization sees that organization's rows (row-level security); a job about none sees no
      // tenant row unless its processor names a cross-tenant path.
      const result = await inOrganization(organizationOf(job.data), () => processor.process(job.data, job));
      jobsCompleted.inc(labels);
      end({ outcome: 'completed' });
      return result;
    } catch (error) {
      // A database out of reach (restart, failover) outlasts the attempts' backoff: the job waits for it, spending
      // none of its attempts, instead of failing for good (an import would then stay unfinished until a person acts).
      if (token && !(error instanceof UnrecoverableError) && isDatabaseUnavailable(error)) {
        jobsFailed.inc({ ...labels, final: 'false' });
        end({ outcome: 'failed' });
        this.logger.warn({ jobId: job.id, job: job.name }, `job waits for the database: ${errorMessage(error)}`);
        await job.moveToDelayed(Date.now() + this.retry.databaseWaitMs, token);
        throw new DelayedError();
      }
      const final = error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      jobsFailed.inc({ ...labels, final: String(final) });
      end({ outcome: 'failed' });
      if (error instanceof Error) throw error;
      throw new Error(errorMessage(error));
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.schedulesCheck);
    unobserveQueue(this.queue);
    // close() stops taking new jobs and waits for the running ones (the platform's deadline bounds the wait).
    await this.worker?.close();
    const events = await this.events?.catch(() => undefined);
    await events?.close();
    await this.queue.close();
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => undefined)));
  }
}

/**
 * A service's queue as a Nest module: `JobsModule.register<IdentityJobs>({ queue: 'identity', processors: [...] })`.
 * Global, so `@InjectJobQueue('identity')` works in every module; register each queue once per process.
 */
@Module({})
export class JobsModule {
  static register<J extends object>(options: JobsModuleOptions<J>): DynamicModule {
    const runnerToken = `QueueRunner:${options.queue}`;
    const processors = options.processors as unknown as ProcessorClass[];
    return {
      module: JobsModule,
      global: true,
      imports: options.imports ?? [],
      providers: [
        ...(options.providers ?? []),
        ...processors,
        {
          provide: runnerToken,
          inject: [REDIS, ModuleRef],
          useFactory: (redis: Redis, moduleRef: ModuleRef) =>
            new QueueRunner(
              redis,
              {
                queue: options.queue,
                schedules: (options.schedules ?? []) as RunnerOptions['schedules'],
                retry: options.retry,
                concurrency: options.concurrency,
              },
              options.runtime ?? jobsRuntime(),
              processors,
              moduleRef,
            ),
        },
        {
          provide: jobQueueToken(options.queue),
          inject: [runnerToken],
          useFactory: (runner: QueueRunner) => new JobQueue<J>(runner.queue, runner.sharedEvents),
        },
      ],
      exports: [jobQueueToken(options.queue)],
    };
  }
}

/** The organization a job's payload names (`organizationId`, or its `actor`'s for a job a user started), if any. */
export function organizationOf(data: unknown): string | null {
  const payload = data as { organizationId?: unknown; actor?: { organizationId?: unknown } } | null;
  const organizationId = payload?.organizationId ?? payload?.actor?.organizationId;
  return typeof organizationId === 'string' ? organizationId : null;
}
