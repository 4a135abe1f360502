import type { Queue } from 'bullmq';
import { TagImportRepository } from './tag-import.repository';

export type RerunOutcome =
  | { importId: string; rerun: false }
  | { importId: string; rerun: true; organizationId: string; queued: 'again' | 'by-the-sweep' };

/**
 * An operator runs a failed import again once its cause is fixed (the assets it names now exist, a bug deployed): the
 * row goes back to queued with its outcome cleared, and its job runs again. Nothing of a failed import was written, so
 * it runs afresh and all-or-nothing as the first time. Only a failed import: a running or completed one is left alone.
 */
export class ImportRerun {
  constructor(
    private readonly imports: TagImportRepository,
    private readonly queue: Queue,
  ) {}

  async rerun(importId: string): Promise<RerunOutcome> {
    const reopened = await this.imports.reopenFailed(importId);
    if (!reopened) return { importId, rerun: false };
    // The job of its last run, kept a while in Redis, holds the id (the import's): that job runs again, with fresh
    // attempts. Gone from Redis, the sweep (every 30 s) queues the import as it does any unfinished one.
    const job = await this.queue.getJob(importId);
    const state = await job?.getState();
    if (job && (state === 'failed' || state === 'completed')) {
      await job.retry(state, { resetAttemptsMade: true, resetAttemptsStarted: true });
      return { importId, rerun: true, organizationId: reopened.organizationId, queued: 'again' };
    }
    return { importId, rerun: true, organizationId: reopened.organizationId, queued: 'by-the-sweep' };
  }
}
