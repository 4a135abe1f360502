import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { User } from '../users/user.entity';

// A code's step is accepted only when it is later than every step accepted before.
const STEP_IS_NEW = '(mfa_last_step IS NULL OR mfa_last_step < :step)';

/**
 * Every MFA query, each a single conditional UPDATE: of two concurrent uses of one code, step or recovery
 * code, exactly one changes a row. Users belong to no tenant; the filter is the user.
 */
@Injectable()
export class MfaRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  async startEnrollment(userId: string, pendingSecret: string, recoveryHashes: string[]): Promise<void> {
    await this.users.update(userId, { mfaPendingSecret: pendingSecret, mfaRecoveryCodes: recoveryHashes });
  }

  /** Activates the pending secret the code was checked against (not a newer one) and records the step. */
  async completeEnrollment(userId: string, pendingSecret: string, step: number): Promise<boolean> {
    const result = await this.users
      .createQueryBuilder()
      .update()
      .set({ mfaSecret: () => 'mfa_pending_secret', mfaPendingSecret: null, mfaLastStep: step })
      .where(`id = :id AND mfa_pending_secret = :pendingSecret AND ${STEP_IS_NEW}`, {
        id: userId,
        pendingSecret,
        step,
      })
      .execute();
    return result.affected === 1;
  }

  async claimStep(userId: string, step: number): Promise<boolean> {
    const result = await this.users
      .createQueryBuilder()
      .update()
      .set({ mfaLastStep: step })
      .where(`id = :id AND mfa_secret IS NOT NULL AND ${STEP_IS_NEW}`, { id: userId, step })
      .execute();
    return result.affected === 1;
  }

  async useRecoveryCode(userId: string, hash: string): Promise<boolean> {
    const result = await this.users
      .createQueryBuilder()
      .update()
      .set({ mfaRecoveryCodes: () => 'array_remove(mfa_recovery_codes, :hash)' })
      .where('id = :id AND :hash = ANY(mfa_recovery_codes)', { id: userId, hash })
      .execute();
    return result.affected === 1;
  }

  async disable(userId: string): Promise<void> {
    await this.users.update(userId, { mfaSecret: null, mfaPendingSecret: null, mfaRecoveryCodes: [] });
  }
}
