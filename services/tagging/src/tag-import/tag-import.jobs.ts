import { Injectable, Logger } from '@nestjs/common';
import { JobProcessor, TypedJob, UnrecoverableError } from '@infra/jobs';
import type { TaggingJobs, ValidationOutcome } from './tag-import.queue';
import { TagImportService } from './tag-import.service';

/** Checks an uploaded file and answers the request waiting on it; a request does not wait for retries. */
@Injectable()
export class ValidateTagImportJob extends JobProcessor<TaggingJobs, 'validate-tag-import', ValidationOutcome> {
  readonly name = 'validate-tag-import';

  constructor(private readonly imports: TagImportService) {
    super();
  }

  async process({ actor, fileName }: TaggingJobs['validate-tag-import']): Promise<ValidationOutcome> {
    try {
      return await this.imports.runValidation(actor, fileName);
    } catch (error) {
      throw new UnrecoverableError(error instanceof Error ? error.message : String(error));
    }
  }
}

/** Runs one import; retried with backoff, idempotent (see TagImportService.runImport). */
@Injectable()
export class RunTagImportJob extends JobProcessor<TaggingJobs, 'run-tag-import'> {
  readonly name = 'run-tag-import';

  constructor(private readonly imports: TagImportService) {
    super();
  }

  async process({ importId, actor }: TaggingJobs['run-tag-import'], job: TypedJob<TaggingJobs, 'run-tag-import'>) {
    const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await this.imports.runImport(importId, actor, finalAttempt);
  }
}

/** See `TagImportService.requeueUnfinished`. */
@Injectable()
export class TagImportSweepJob extends JobProcessor<TaggingJobs, 'tag-import-sweep'> {
  readonly name = 'tag-import-sweep';
  private readonly logger = new Logger(TagImportSweepJob.name);

  constructor(private readonly imports: TagImportService) {
    super();
  }

  async process(): Promise<void> {
    const queued = await this.imports.requeueUnfinished();
    if (queued > 0) this.logger.debug(`${queued} unfinished imports checked (a job Redis still has is kept)`);
  }
}
