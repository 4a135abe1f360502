import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { ACCESS_TOKEN, revokedSessionKey, SessionErrorCode, TokenResponse } from '@infra/contracts';
import { REDIS } from '@infra/platform';
import { randomToken, sha256 } from '../crypto/crypto';
import { IdentityEnv } from '../identity.env';
import type { User } from '../users/user.entity';
import { sessionError } from './session.errors';
import type { RefreshToken } from './refresh-token.entity';
import { SessionRepository } from './session.repository';

/**
 * Short-lived access JWTs (HS256) and rotating refresh tokens. Presenting a refresh token that was already
 * rotated means it leaked: the whole family (every token of that sign-in) is revoked.
 */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly env: IdentityEnv,
    private readonly repository: SessionRepository,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async issue(user: User, familyId: string = randomUUID()): Promise<TokenResponse> {
    const { response, row } = await this.newPair(user, familyId);
    await this.repository.insertRefreshToken(row);
    return response;
  }

  /** Exchanges a refresh token for a new pair of the same sign-in. */
  async rotate(refreshToken: string): Promise<TokenResponse> {
    const stored = await this.repository.findRefreshToken(sha256(refreshToken));
    if (!stored || stored.revokedAt || stored.expiresAt < new Date())
      throw sessionError(SessionErrorCode.InvalidRefreshToken);
    const user = await this.repository.findUserById(stored.userId);
    if (!user) throw sessionError(SessionErrorCode.InvalidRefreshToken);
    const { response, row } = await this.newPair(user, stored.familyId);
    // The claim and the successor commit together, in turn with the family's revocation: a concurrent reuse
    // revokes the winner's new token too.
    if (!(await this.repository.rotateRefreshToken(stored.id, row))) {
      await this.markRevoked(stored.familyId);
      throw sessionError(SessionErrorCode.InvalidRefreshToken);
    }
    return response;
  }

  private async newPair(
    user: User,
    familyId: string,
  ): Promise<{ response: TokenResponse; row: Pick<RefreshToken, 'userId' | 'familyId' | 'tokenHash' | 'expiresAt'> }> {
    const accessToken = await this.jwt.signAsync(
      { sub: user.id, email: user.email, sa: user.systemAdmin, sid: familyId, typ: 'access' },
      {
        secret: this.env.jwtSecret,
        algorithm: 'HS256',
        expiresIn: this.env.ACCESS_TOKEN_TTL_SECONDS,
        issuer: ACCESS_TOKEN.issuer,
        audience: ACCESS_TOKEN.audience,
      },
    );
    const refreshToken = randomToken();
    return {
      response: { tokenType: 'Bearer', accessToken, refreshToken, expiresIn: this.env.ACCESS_TOKEN_TTL_SECONDS },
      row: {
        userId: user.id,
        familyId,
        tokenHash: sha256(refreshToken),
        expiresAt: new Date(Date.now() + this.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
      },
    };
  }

  /** Ends the sign-in the token belongs to (sign-out). Unknown tokens are ignored. */
  async revoke(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const stored = await this.repository.findRefreshToken(sha256(refreshToken));
    if (stored) await this.revokeFamily(stored.familyId);
  }

  /** Every session of the user ends (password reset): refresh tokens revoked, live access tokens refused. */
  async revokeAllOf(userId: string): Promise<void> {
    for (const familyId of await this.repository.liveFamiliesOf(userId)) await this.revokeFamily(familyId);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.repository.revokeFamily(familyId);
    await this.markRevoked(familyId);
  }

  /**
   * Marks again the sign-ins revoked within an access token's lifetime; answers how many marks were missing. The
   * marks live in Redis only: restarted without its data, it would let the access tokens of signed-out sessions
   * through until they expire. PostgreSQL keeps the revocations (NX: a mark Redis still has is left as it is).
   */
  async restoreRevocationMarks(): Promise<number> {
    const families = await this.repository.revokedWithin(this.env.ACCESS_TOKEN_TTL_SECONDS);
    if (families.length === 0) return 0;
    const marks = this.redis.pipeline();
    for (const { familyId, remainingSeconds } of families)
      marks.set(revokedSessionKey(familyId), '1', 'EX', Math.max(1, remainingSeconds), 'NX');
    const answers = (await marks.exec()) ?? [];
    return answers.filter(([error, answer]) => !error && answer === 'OK').length;
  }

  /** Access tokens are stateless: the gateway refuses this session's for the rest of their lifetime. */
  private async markRevoked(familyId: string): Promise<void> {
    await this.redis.set(revokedSessionKey(familyId), '1', 'EX', this.env.ACCESS_TOKEN_TTL_SECONDS);
  }
}
