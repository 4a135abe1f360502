import { Injectable, Logger } from '@nestjs/common';
import { JobProcessor, type JobSchedule } from '@infra/jobs';
import type { IdentityJobs } from '../password-reset/password-reset.jobs';
import { TokenService } from './token.service';

/** See `TokenService.restoreRevocationMarks`. */
@Injectable()
export class RestoreRevocationMarksJob extends JobProcessor<IdentityJobs, 'restore-revocation-marks'> {
  readonly name = 'restore-revocation-marks';
  private readonly logger = new Logger(RestoreRevocationMarksJob.name);

  constructor(private readonly tokens: TokenService) {
    super();
  }

  async process(): Promise<void> {
    const restored = await this.tokens.restoreRevocationMarks();
    if (restored > 0) this.logger.warn(`${restored} revoked sign-ins had lost their mark in Redis: marked again`);
  }
}

/**
 * Every 30 s: with the queue's check that its schedules exist (also every 30 s, and a new `every` schedule runs at
 * once), a signed-out session is refused again within 30 s of Redis losing its data.
 */
export const REVOCATION_MARKS_CHECK: JobSchedule<IdentityJobs> = {
  name: 'restore-revocation-marks',
  every: 30_000,
  payload: {},
};
