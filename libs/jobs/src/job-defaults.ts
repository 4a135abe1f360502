import type { DefaultJobOptions } from 'bullmq';

/**
 * Retry and retention for every job of every service, in one place. A failed attempt is retried with
 * exponential backoff (1 s, 2 s, 4 s, 8 s); `UnrecoverableError` skips the retries. Finished jobs are kept a
 * while for inspection and so that an `add` with the same `jobId` stays a no-op during that time.
 */
export const JOB_DEFAULTS = {
  attempts: 5,
  backoffMs: 1000,
  /** How long a job that found its database out of reach waits before it runs again (no attempt spent). */
  databaseWaitMs: 3000,
  keepCompletedSeconds: 24 * 3600,
  keepCompletedCount: 10_000,
  keepFailedSeconds: 7 * 24 * 3600,
  /** Jobs one worker runs at the same time. */
  concurrency: 4,
} as const;

export interface RetryOptions {
  attempts: number;
  backoffMs: number;
  databaseWaitMs: number;
}

export function defaultJobOptions(retry: Pick<RetryOptions, 'attempts' | 'backoffMs'>): DefaultJobOptions {
  return {
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.backoffMs },
    removeOnComplete: { age: JOB_DEFAULTS.keepCompletedSeconds, count: JOB_DEFAULTS.keepCompletedCount },
    removeOnFail: { age: JOB_DEFAULTS.keepFailedSeconds },
  };
}
