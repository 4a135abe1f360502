import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, Repository } from 'typeorm';
import { User } from '../users/user.entity';
import { RefreshToken } from './refresh-token.entity';

/**
 * Every query of sign-in and sessions. Users and their refresh tokens belong to no tenant (one identity
 * across accounts), so the filters here are the user and the token, never an organization.
 */
@Injectable()
export class SessionRepository {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(RefreshToken) private readonly refreshTokens: Repository<RefreshToken>,
  ) {}

  findUserByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email });
  }

  findUserById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  async insertRefreshToken(
    token: Pick<RefreshToken, 'userId' | 'familyId' | 'tokenHash' | 'expiresAt'>,
  ): Promise<void> {
    await this.refreshTokens.insert(token);
  }

  findRefreshToken(tokenHash: string): Promise<RefreshToken | null> {
    return this.refreshTokens.findOneBy({ tokenHash });
  }

  /**
   * Claims the token and inserts its successor in one transaction, taking turns per family (advisory lock) with
   * every revocation of that family: a concurrent reuse can never miss the successor. False when the token was
   * already used or revoked; the family is then revoked.
   */
  rotateRefreshToken(
    id: string,
    successor: Pick<RefreshToken, 'userId' | 'familyId' | 'tokenHash' | 'expiresAt'>,
  ): Promise<boolean> {
    return this.refreshTokens.manager.transaction(async (manager) => {
      await lockFamily(manager, successor.familyId);
      const claimed = await manager.update(
        RefreshToken,
        { id, usedAt: IsNull(), revokedAt: IsNull() },
        { usedAt: new Date() },
      );
      if (claimed.affected !== 1) {
        await manager.update(
          RefreshToken,
          { familyId: successor.familyId, revokedAt: IsNull() },
          { revokedAt: new Date() },
        );
        return false;
      }
      await manager.insert(RefreshToken, successor);
      return true;
    });
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.refreshTokens.manager.transaction(async (manager) => {
      await lockFamily(manager, familyId);
      await manager.update(RefreshToken, { familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
    });
  }

  /** Sign-ins revoked in the last `seconds` (an access token of theirs may still be alive), and how long it may live. */
  revokedWithin(seconds: number): Promise<{ familyId: string; remainingSeconds: number }[]> {
    return this.refreshTokens.query(
      `SELECT family_id AS "familyId",
              ceil(extract(epoch FROM max(revoked_at) + make_interval(secs => $1) - now()))::int AS "remainingSeconds"
         FROM refresh_tokens WHERE revoked_at > now() - make_interval(secs => $1) GROUP BY family_id`,
      [seconds],
    );
  }

  async liveFamiliesOf(userId: string): Promise<string[]> {
    const rows = await this.refreshTokens
      .createQueryBuilder('token')
      .select('DISTINCT token.family_id', 'familyId')
      .where('token.user_id = :userId AND token.revoked_at IS NULL', { userId })
      .getRawMany<{ familyId: string }>();
    return rows.map((row) => row.familyId);
  }
}

/** Serialises rotation and revocation of one sign-in (until the transaction ends). */
async function lockFamily(manager: EntityManager, familyId: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [familyId]);
}
