import { Injectable } from '@nestjs/common';
import { JobProcessor } from '@infra/jobs';
import { IdentityEnv } from '../identity.env';
import { Mailer } from '../password-reset/mailer';
import type { IdentityJobs } from '../password-reset/password-reset.jobs';

/** Mails an existing user the link to accept an invitation (they accept signed in, on /invitations). */
@Injectable()
export class SendAccountInvitationJob extends JobProcessor<IdentityJobs, 'send-account-invitation'> {
  readonly name = 'send-account-invitation';

  constructor(
    private readonly mailer: Mailer,
    private readonly env: IdentityEnv,
  ) {
    super();
  }

  async process({ email, token }: IdentityJobs['send-account-invitation']): Promise<void> {
    const link = `${this.env.PUBLIC_URL.replace(/\/$/, '')}/invitations?token=${token}`;
    await this.mailer.send({
      to: email,
      subject: 'You have been invited to an infra-analytics account',
      text: `An administrator invited you to join their infra-analytics account.\n\nSign in and accept or decline here (the link expires in 7 days):\n${link}\n\nIf you did not expect this, ignore this email.`,
    });
  }
}
