import { BadRequestException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import QRCode from 'qrcode';
import { Repository } from 'typeorm';
import { IDENTITY_MESSAGES, MfaEnrollmentDto } from '@infra/contracts';
import { SecretBox, sha256 } from '../crypto/crypto';
import { IdentityEnv } from '../identity.env';
import { User } from '../users/user.entity';
import { isValidTotp, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, totpUri } from './totp';

/** TOTP enrolment (pending until the first valid code), verification at sign-in, recovery codes, disabling. */
@Injectable()
export class MfaService {
  private readonly box: SecretBox;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    env: IdentityEnv,
  ) {
    this.box = new SecretBox(env.dataEncryptionKey);
  }

  async startEnrollment(user: User): Promise<MfaEnrollmentDto> {
    if (user.mfaSecret)
      throw new BadRequestException('MFA is already enabled. Disable it first to enrol a new device.');
    const secret = newTotpSecret();
    const { codes, hashes } = newRecoveryCodes();
    await this.users.update(user.id, { mfaPendingSecret: this.box.seal(secret), mfaRecoveryCodes: hashes });
    const otpauthUri = totpUri(user.email, secret);
    return { otpauthUri, qrCode: await QRCode.toDataURL(otpauthUri), secret, recoveryCodes: codes };
  }

  async completeEnrollment(user: User, code: string): Promise<void> {
    if (!user.mfaPendingSecret) throw new BadRequestException('Start the enrolment first.');
    if (!isValidTotp(code, this.box.open(user.mfaPendingSecret)))
      throw new BadRequestException(IDENTITY_MESSAGES.invalidCode);
    await this.users.update(user.id, { mfaSecret: user.mfaPendingSecret, mfaPendingSecret: null });
  }

  async disable(user: User, code: string): Promise<void> {
    if (!user.mfaSecret) throw new BadRequestException('MFA is not enabled.');
    if (!(await this.verifyLoginCode(user, code))) throw new BadRequestException(IDENTITY_MESSAGES.invalidCode);
    await this.users.update(user.id, { mfaSecret: null, mfaPendingSecret: null, mfaRecoveryCodes: [] });
  }

  /** A current TOTP, or an unused recovery code (which is then used up). */
  async verifyLoginCode(user: User, code: string): Promise<boolean> {
    if (!user.mfaSecret) return false;
    if (isValidTotp(code.trim(), this.box.open(user.mfaSecret))) return true;
    const hash = sha256(normaliseRecoveryCode(code));
    if (!user.mfaRecoveryCodes.includes(hash)) return false;
    const result = await this.users
      .createQueryBuilder()
      .update()
      .set({ mfaRecoveryCodes: () => 'array_remove(mfa_recovery_codes, :hash)' })
      .where('id = :id AND :hash = ANY(mfa_recovery_codes)', { id: user.id, hash })
      .execute();
    return result.affected === 1;
  }

  /** Seals a known secret (demo data: a fixed secret so the local demo user can sign in with MFA). */
  sealForSeed(secret: string): string {
    return this.box.seal(secret);
  }
}
