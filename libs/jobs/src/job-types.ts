import type { Job } from 'bullmq';

/**
 * A service's jobs: job name to payload, e.g. `interface IdentityJobs { 'send-password-reset': { userId: string } }`.
 * Payloads are stored as JSON in Redis: plain data only (no Date, Map or class instances).
 */
export type JobName<J extends object> = Extract<keyof J, string>;

/** The BullMQ job handed to a processor, typed by its map entry. */
export type TypedJob<J extends object, N extends JobName<J>> = Job<J[N], void, N>;

/**
 * One class per job. Extend it, set `name`, implement `process`; register the class in
 * `JobsModule.register({ processors: [...] })`. It is a Nest provider, so it can inject repositories and services.
 * Throw `UnrecoverableError` for input that can never succeed: the job fails at once, without retries.
 * `R` is what `process` answers to a caller of `JobQueue.addAndWait` (plain JSON, kept in Redis); void otherwise.
 */
export abstract class JobProcessor<J extends object, N extends JobName<J>, R = void> {
  abstract readonly name: N;
  abstract process(payload: J[N], job: TypedJob<J, N>): Promise<R>;
}

/**
 * What the jobs a caller waits for answer: job name to result (`JobQueue.addAndWait`), e.g.
 * `interface TaggingJobResults { 'validate-tag-import': ValidationOutcome }`. Jobs not listed answer nothing.
 */
export type JobResults<J extends object> = { [N in JobName<J>]?: unknown };

/** A recurring job: every `every` milliseconds, or on a cron `pattern` (UTC). */
export type JobSchedule<J extends object> = {
  [N in JobName<J>]: { name: N; payload: J[N] } & ({ every: number } | { pattern: string });
}[JobName<J>];

/** A processor class for any job of the map (each class handles exactly one name). */
export type JobProcessorClass<J extends object> = {
  [N in JobName<J>]: new (...args: never[]) => JobProcessor<J, N, unknown>;
}[JobName<J>];

export interface AddJobOptions {
  /** Idempotency key: a second add with the same id is ignored while the first job is kept (see JOB_DEFAULTS). */
  jobId?: string;
  /** Run no earlier than this many milliseconds from now. */
  delay?: number;
  /**
   * Debounce (BullMQ's deduplication): for `ms` after a job was added with this key, further adds with the key are
   * ignored and answer that job's id. With `delay` ≥ `ms`, the job runs after every trigger it absorbed.
   */
  debounce?: { key: string; ms: number };
}

export interface AddAndWaitOptions {
  /** As in `add`; must be new (a job id already used answers that job, which may be long gone). */
  jobId?: string;
  /** How long the caller waits for the job to finish, from the call (adding included). */
  timeoutMs: number;
}
