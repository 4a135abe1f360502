import type { ImportValidationDto } from '@infra/contracts';
import type { JobSchedule } from '@infra/jobs';
import type { Actor } from '../tenant';

/** Tagging's job queue (one per service, named after it). */
export const TAGGING_QUEUE = 'tagging';

/** Tagging's jobs: name to payload (plain JSON in Redis). */
export interface TaggingJobs {
  /** Checks an uploaded file for the request waiting on it (`JobQueue.addAndWait`). */
  'validate-tag-import': { actor: Actor; fileName: string };
  /** Runs one import (the job id is the import id, so BullMQ never queues it twice). */
  'run-tag-import': { importId: string; actor: Actor };
  /** Queues again the imports PostgreSQL holds as unfinished (their jobs are lost if Redis loses its data). */
  'tag-import-sweep': Record<string, never>;
}

/**
 * Every 30 s: with the queue's own check that its schedules exist (also every 30 s), an import whose job Redis lost
 * runs again within a minute.
 */
export const TAG_IMPORT_SWEEP: JobSchedule<TaggingJobs> = { name: 'tag-import-sweep', every: 30_000, payload: {} };

/** What a validation job answers: the validation, or that the organization has no such file. */
export type ValidationOutcome = { found: true; validation: ImportValidationDto } | { found: false };

/** What the jobs a request waits for answer. */
export interface TaggingJobResults {
  'validate-tag-import': ValidationOutcome;
}
