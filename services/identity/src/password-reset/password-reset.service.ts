import { Injectable } from '@nestjs/common';
import { InjectJobQueue, JobQueue } from '@infra/jobs';
import { IDENTITY_MESSAGES, MESSAGES, PasswordResetErrorCode } from '@infra/contracts';
import { hashPassword, sha256 } from '../crypto/crypto';
import { SecurityLog } from '../security-log/security-log';
import { AttemptCounter } from '../session/attempt-counter';
import { TokenService } from '../session/token.service';
import type { User } from '../users/user.entity';
import { assertAcceptablePassword } from './password-policy';
import { passwordResetError } from './password-reset.errors';
import { IDENTITY_QUEUE, IdentityJobs } from './password-reset.jobs';
import { PasswordResetRepository } from './password-reset.repository';

export const RESET_WINDOW_SECONDS = 15 * 60;
export const MAX_RESETS_PER_EMAIL = 3;
export const MAX_RESETS_PER_CLIENT = 20;

/**
 * Requests for reset links (mailed by `SendPasswordResetJob`), invitations (`SendInvitationJob`), and the use
 * of a link, which ends every session of the user.
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly repository: PasswordResetRepository,
    @InjectJobQueue(IDENTITY_QUEUE) private readonly jobs: JobQueue<IdentityJobs>,
    private readonly attempts: AttemptCounter,
    private readonly tokens: TokenService,
    private readonly securityLog: SecurityLog,
  ) {}

  /**
   * Always the same work and the same answer, whether or not the email belongs to a user (no enumeration,
   * not even by timing): count, enqueue, answer. Limited per email and per client so nobody floods a mailbox.
   */
  async request(email: string, ip: string): Promise<{ message: string }> {
    const normalised = email.trim().toLowerCase();
    const [byEmail, byClient] = await this.attempts.hit(
      [`throttle:reset:email:${normalised}`, `throttle:reset:ip:${ip}`],
      RESET_WINDOW_SECONDS,
    );
    if (byEmail > MAX_RESETS_PER_EMAIL || byClient > MAX_RESETS_PER_CLIENT)
      throw passwordResetError(PasswordResetErrorCode.TooManyRequests);
    await this.jobs.add('send-password-reset', { email: normalised, clientAddress: ip });
    return { message: IDENTITY_MESSAGES.resetRequested };
  }

  /** Queues the invitation mail of a user an administrator added (members, invitations). */
  async sendInvitation(user: Pick<User, 'id'>): Promise<void> {
    await this.jobs.add('send-invitation', { userId: user.id });
  }

  async complete(token: string, password: string): Promise<{ message: string }> {
    assertAcceptablePassword(password);
    const userId = await this.repository.setPasswordWithToken(sha256(token), await hashPassword(password));
    if (!userId) throw passwordResetError(PasswordResetErrorCode.InvalidLink);
    await this.tokens.revokeAllOf(userId);
    await this.securityLog.record({ accountsOfUser: userId }, { kind: 'password-reset', actorUserId: userId });
    return { message: MESSAGES.actionCompleted };
  }
}
