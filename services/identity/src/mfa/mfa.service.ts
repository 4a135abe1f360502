import { Injectable } from '@nestjs/common';
import QRCode from 'qrcode';
import { MfaEnrollmentDto, MfaErrorCode } from '@infra/contracts';
import { SecretBox, sha256 } from '../crypto/crypto';
import { IdentityEnv } from '../identity.env';
import { SecurityLog } from '../security-log/security-log';
import { AttemptCounter } from '../session/attempt-counter';
import type { User } from '../users/user.entity';
import { mfaError } from './mfa.errors';
import { MfaRepository } from './mfa.repository';
import { newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, totpStep, totpUri } from './totp';

export const MFA_WINDOW_SECONDS = 15 * 60;
export const MAX_CODE_ATTEMPTS = 5;

/**
 * TOTP enrolment (pending until the first valid code), verification at sign-in, recovery codes, disabling.
 * Each code is counted per user before it is evaluated (sign-in, enrolment and disabling share the count),
 * so a 6-digit code cannot be brute-forced; a TOTP step is accepted once per user, so a code cannot be replayed.
 */
@Injectable()
export class MfaService {
  private readonly box: SecretBox;

  constructor(
    private readonly repository: MfaRepository,
    private readonly attempts: AttemptCounter,
    private readonly securityLog: SecurityLog,
    env: IdentityEnv,
  ) {
    this.box = new SecretBox(env.dataEncryptionKey);
  }

  async startEnrollment(user: User): Promise<MfaEnrollmentDto> {
    if (user.mfaSecret) throw mfaError(MfaErrorCode.AlreadyEnabled);
    const secret = newTotpSecret();
    const { codes, hashes } = newRecoveryCodes();
    await this.repository.startEnrollment(user.id, this.box.seal(secret), hashes);
    const otpauthUri = totpUri(user.email, secret);
    return { otpauthUri, qrCode: await QRCode.toDataURL(otpauthUri), secret, recoveryCodes: codes };
  }

  async completeEnrollment(user: User, code: string): Promise<void> {
    if (!user.mfaPendingSecret) throw mfaError(MfaErrorCode.EnrolmentNotStarted);
    await this.countAttempt(user);
    const step = totpStep(code.trim(), this.box.open(user.mfaPendingSecret));
    if (step === undefined || !(await this.repository.completeEnrollment(user.id, user.mfaPendingSecret, step)))
      throw mfaError(MfaErrorCode.InvalidCode);
    await this.attempts.clear(this.attemptKey(user));
    await this.securityLog.record({ accountsOfUser: user.id }, { kind: 'mfa-enabled', actorUserId: user.id });
  }

  async disable(user: User, code: string): Promise<void> {
    if (!user.mfaSecret) throw mfaError(MfaErrorCode.NotEnabled);
    if (!(await this.verifyLoginCode(user, code))) throw mfaError(MfaErrorCode.InvalidCode);
    await this.repository.disable(user.id);
    await this.securityLog.record({ accountsOfUser: user.id }, { kind: 'mfa-disabled', actorUserId: user.id });
  }

  /** A current TOTP of a step not used before, or an unused recovery code (which is then used up). */
  async verifyLoginCode(user: User, code: string): Promise<boolean> {
    if (!user.mfaSecret) return false;
    await this.countAttempt(user);
    const step = totpStep(code.trim(), this.box.open(user.mfaSecret));
    const accepted =
      step !== undefined
        ? await this.repository.claimStep(user.id, step)
        : await this.repository.useRecoveryCode(user.id, sha256(normaliseRecoveryCode(code)));
    if (accepted) await this.attempts.clear(this.attemptKey(user));
    return accepted;
  }

  private attemptKey(user: User): string {
    return `throttle:mfa:user:${user.id}`;
  }

  private async countAttempt(user: User): Promise<void> {
    const [count] = await this.attempts.hit([this.attemptKey(user)], MFA_WINDOW_SECONDS);
    if (count > MAX_CODE_ATTEMPTS) throw mfaError(MfaErrorCode.TooManyCodes);
  }
}
