import { Injectable } from '@nestjs/common';
import { JobProcessor } from '@infra/jobs';
import { randomToken, sha256 } from '../crypto/crypto';
import { IdentityEnv } from '../identity.env';
import type { User } from '../users/user.entity';
import { SecurityLog } from '../security-log/security-log';
import { Mailer } from './mailer';
import { PasswordResetRepository } from './password-reset.repository';

/** identity's queue name and its jobs: name → payload. Both mail a single-use "choose a password" link. */
export const IDENTITY_QUEUE = 'identity';

export interface IdentityJobs {
  /** A reset link to this email if it belongs to a user: the lookup happens here, never in the request. */
  'send-password-reset': { email: string; clientAddress?: string };
  /** An invitation link to a user an administrator added (members and invitations enqueue it). */
  'send-invitation': { userId: string };
  /** An existing user invited to an account: the link to accept it (invitations/invitations.jobs.ts). */
  'send-account-invitation': { email: string; token: string };
  /** Puts back the revoked sign-ins' marks Redis lost (session/revocation-marks.job.ts). */
  'restore-revocation-marks': Record<string, never>;
}

const TOKEN_LIFETIME_MS = 30 * 60 * 1000;

/** Creates a single-use token (valid 30 minutes, only its hash stored) and mails its link. */
@Injectable()
export class PasswordLinkMail {
  constructor(
    private readonly repository: PasswordResetRepository,
    private readonly mailer: Mailer,
    private readonly env: IdentityEnv,
  ) {}

  async send(user: User, subject: string, opening: string): Promise<void> {
    const token = randomToken();
    await this.repository.insertToken(user.id, sha256(token), new Date(Date.now() + TOKEN_LIFETIME_MS));
    const link = `${this.env.PUBLIC_URL.replace(/\/$/, '')}/reset-password?token=${token}`;
    await this.mailer.send({
      to: user.email,
      subject,
      text: `${opening}\n\nChoose a password here (the link works once and expires in 30 minutes):\n${link}\n\nIf you did not ask for this, ignore this email.`,
    });
  }
}

/** Only a known email gets a mail, and nobody learns whether it was known. */
@Injectable()
export class SendPasswordResetJob extends JobProcessor<IdentityJobs, 'send-password-reset'> {
  readonly name = 'send-password-reset';

  constructor(
    private readonly repository: PasswordResetRepository,
    private readonly mail: PasswordLinkMail,
    private readonly securityLog: SecurityLog,
  ) {
    super();
  }

  async process({ email, clientAddress }: IdentityJobs['send-password-reset']): Promise<void> {
    const user = await this.repository.findUserByEmail(email);
    if (!user) return;
    // Whoever asked is not known (the request carried only the email): the user is the subject, not the actor.
    await this.securityLog.record(
      { accountsOfUser: user.id },
      {
        kind: 'password-reset-requested',
        actorUserId: null,
        subject: user.email,
        clientAddress: clientAddress ?? null,
      },
    );
    await this.mail.send(
      user,
      'Reset your infra-analytics password',
      'Someone (hopefully you) asked to reset your password.',
    );
  }
}

/** A user deleted since the invitation was queued gets nothing. */
@Injectable()
export class SendInvitationJob extends JobProcessor<IdentityJobs, 'send-invitation'> {
  readonly name = 'send-invitation';

  constructor(
    private readonly repository: PasswordResetRepository,
    private readonly mail: PasswordLinkMail,
  ) {
    super();
  }

  async process({ userId }: IdentityJobs['send-invitation']): Promise<void> {
    const user = await this.repository.findUserById(userId);
    if (!user) return;
    await this.mail.send(
      user,
      'You have been invited to infra-analytics',
      'An administrator added you to an infra-analytics account.',
    );
  }
}
