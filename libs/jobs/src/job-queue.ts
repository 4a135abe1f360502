import { Inject } from '@nestjs/common';
import type { Job, Queue, QueueEvents } from 'bullmq';
import { traceHeaders } from '@infra/platform';
import { jobsAdded } from './job-metrics';
import type { AddAndWaitOptions, AddJobOptions, JobName, JobResults } from './job-types';

/** A job waited for by `addAndWait` did not finish in time (no worker free, or a worker too slow or gone). */
export class JobWaitTimeoutError extends Error {
  constructor(
    readonly jobName: string,
    readonly timeoutMs: number,
  ) {
    super(`job "${jobName}" did not finish within ${timeoutMs} ms`);
    this.name = 'JobWaitTimeoutError';
  }
}

/**
 * A job somebody waits for is an answer in transit: it is kept a few minutes (for a late look), not the 24 h of
 * JOB_DEFAULTS, since its result may be large and nobody adds its id again.
 */
export const WAITED_JOB_KEEP_SECONDS = 300;
/** BullMQ's own wait also gets a deadline (so its listeners go), a little after ours decides. */
const LISTENER_GRACE_MS = 1000;

/** The process's one QueueEvents of the queue, ready to listen (created on first use). */
export type SharedQueueEvents = () => Promise<QueueEvents>;

/** The typed producer of one service's queue: only names of the map, each with its own payload type. */
export class JobQueue<J extends object, R extends JobResults<J> = object> {
  constructor(
    private readonly queue: Queue,
    private readonly events?: SharedQueueEvents,
  ) {}

  get name(): string {
    return this.queue.name;
  }

  /** Enqueues a job and returns its id (the existing job's id when `jobId` was already used). */
  async add<N extends JobName<J>>(name: N, payload: J[N], options: AddJobOptions = {}): Promise<string> {
    const { jobId, delay, debounce } = options;
    const job = await this.queue.add(name, payload, {
      jobId,
      delay,
      ...traceOptions(),
      ...(debounce ? { deduplication: { id: debounce.key, ttl: debounce.ms } } : {}),
    });
    jobsAdded.inc({ queue: this.queue.name, job: name });
    return job.id ?? '';
  }

  /**
   * Enqueues a job and answers its result (`R[N]`, what its processor returned). Rejects with the job's error when
   * it fails, and with `JobWaitTimeoutError` after `timeoutMs`; a job that has not started by then is removed.
   * Waiting costs no connection: every wait of the process listens on the queue's one QueueEvents.
   */
  async addAndWait<N extends JobName<J> & keyof R>(name: N, payload: J[N], options: AddAndWaitOptions): Promise<R[N]> {
    const events = this.events;
    if (!events) throw new Error(`queue ${this.name}: this JobQueue was built without QueueEvents to wait on`);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new JobWaitTimeoutError(name, options.timeoutMs)), options.timeoutMs);
    });
    // Listening first: waitUntilFinished also checks the job's state, so a job that ends at once is not missed.
    const added = events().then(async (listening) => {
      const keep = { age: WAITED_JOB_KEEP_SECONDS };
      const job: Job = await this.queue.add(name, payload, {
        jobId: options.jobId,
        ...traceOptions(),
        removeOnComplete: keep,
        removeOnFail: keep,
      });
      jobsAdded.inc({ queue: this.queue.name, job: name });
      return { job, listening };
    });
    const finished = added.then(
      ({ job, listening }) => job.waitUntilFinished(listening, options.timeoutMs + LISTENER_GRACE_MS) as Promise<R[N]>,
    );
    try {
      return await Promise.race([finished, late]);
    } catch (error) {
      // Nobody will read the answer: a job still waiting is dropped (an active one is locked and stays).
      if (error instanceof JobWaitTimeoutError) void added.then(({ job }) => job.remove()).catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The trace context of the span queueing a job, in the job's options (BullMQ keeps `telemetry.metadata` with the
 * job): its run is a child of that span.
 */
function traceOptions(): { telemetry?: { metadata: string } } {
  const headers = traceHeaders();
  return Object.keys(headers).length > 0 ? { telemetry: { metadata: JSON.stringify(headers) } } : {};
}

/** The trace headers a job was queued with (none when it was queued outside a trace, or by a schedule). */
export function traceCarrierOf(job: Job): Record<string, unknown> | undefined {
  const metadata = job.opts.telemetry?.metadata;
  if (!metadata) return undefined;
  try {
    const carrier: unknown = JSON.parse(metadata);
    return carrier && typeof carrier === 'object' ? (carrier as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Nest injection token of a queue's `JobQueue`. */
export function jobQueueToken(queue: string): string {
  return `JobQueue:${queue}`;
}

/** `constructor(@InjectJobQueue('identity') private readonly jobs: JobQueue<IdentityJobs>)` */
export const InjectJobQueue = (queue: string): ParameterDecorator => Inject(jobQueueToken(queue));
