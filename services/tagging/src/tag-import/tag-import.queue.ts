import type { Actor } from '../tenant';

/** Tagging's job queue (one per service, named after it). */
export const TAGGING_QUEUE = 'tagging';

/** Tagging's jobs: name to payload (plain JSON in Redis). */
export interface TaggingJobs {
  /** Checks an uploaded file; the waiting request reads the answer under `requestId`. */
  'validate-tag-import': { requestId: string; actor: Actor; fileName: string };
  /** Runs one import (the job id is the import id, so BullMQ never queues it twice). */
  'run-tag-import': { importId: string; actor: Actor };
}
