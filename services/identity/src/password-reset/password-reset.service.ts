import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, MoreThan } from 'typeorm';
import { IDENTITY_MESSAGES, PASSWORD_MIN_LENGTH } from '@infra/contracts';
import { hashPassword, randomToken, sha256 } from '../crypto/crypto';
import { IdentityEnv } from '../identity.env';
import { TokenService } from '../session/token.service';
import { User } from '../users/user.entity';
import { Mailer } from './mailer';
import { PasswordResetToken } from './password-reset-token.entity';

const TOKEN_LIFETIME_MS = 30 * 60 * 1000;

/** Single-use reset links valid 30 minutes; completing one ends every session of the user. */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mailer: Mailer,
    private readonly env: IdentityEnv,
    private readonly tokens: TokenService,
  ) {}

  /** Always answers the same way, whether or not the email belongs to a user (no enumeration). */
  async request(email: string): Promise<{ message: string }> {
    const user = await this.dataSource.getRepository(User).findOneBy({ email: email.trim().toLowerCase() });
    if (user) {
      await this.sendLink(
        user,
        'Reset your infra-analytics password',
        'Someone (hopefully you) asked to reset your password.',
      ).catch((error: Error) => this.logger.error(`reset mail to ${user.email} failed: ${error.message}`));
    }
    return { message: IDENTITY_MESSAGES.resetRequested };
  }

  sendInvitation(user: User): Promise<void> {
    return this.sendLink(
      user,
      'You have been invited to infra-analytics',
      'An administrator added you to an infra-analytics account.',
    );
  }

  async complete(token: string, password: string): Promise<{ message: string }> {
    if (password.length < PASSWORD_MIN_LENGTH) throw new BadRequestException(IDENTITY_MESSAGES.passwordRule);
    const passwordHash = await hashPassword(password);
    await this.dataSource
      .transaction(async (manager): Promise<string> => {
        // Claiming the row (used_at) and using it happen in one statement: a link works once, even under races.
        const claimed = (await manager
          .createQueryBuilder()
          .update(PasswordResetToken)
          .set({ usedAt: () => 'now()' })
          .where({ tokenHash: sha256(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) })
          .returning(['userId'])
          .execute()) as { raw: { user_id: string }[] };
        const userId = claimed.raw[0]?.user_id;
        if (!userId) throw new BadRequestException(IDENTITY_MESSAGES.resetInvalid);
        await manager.update(User, userId, { passwordHash });
        return userId;
      })
      .then((userId) => this.tokens.revokeAllOf(userId));
    return { message: 'Action completed successfully' };
  }

  private async sendLink(user: User, subject: string, opening: string): Promise<void> {
    const token = randomToken();
    await this.dataSource
      .getRepository(PasswordResetToken)
      .insert({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS) });
    const link = `${this.env.PUBLIC_URL.replace(/\/$/, '')}/reset-password?token=${token}`;
    await this.mailer.send({
      to: user.email,
      subject,
      text: `${opening}\n\nChoose a password here (the link works once and expires in 30 minutes):\n${link}\n\nIf you did not ask for this, ignore this email.`,
    });
  }
}
