import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import type Redis from 'ioredis';
import { ACCESS_TOKEN, revokedSessionKey, TokenResponse } from '@infra/contracts';
import { REDIS } from '@infra/platform';
import { randomToken, sha256 } from '../crypto/crypto';
import { IdentityEnv } from '../identity.env';
import type { User } from '../users/user.entity';
import { RefreshToken } from './refresh-token.entity';

/**
 * Short-lived access JWTs (HS256) and rotating refresh tokens. Presenting a refresh token that was already
 * rotated means it leaked: the whole family (every token of that sign-in) is revoked.
 */
@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    private readonly env: IdentityEnv,
    @InjectRepository(RefreshToken) private readonly refreshTokens: Repository<RefreshToken>,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async issue(user: User, familyId: string = randomUUID()): Promise<TokenResponse> {
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
    await this.refreshTokens.insert({
      userId: user.id,
      familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + this.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    });
    return { tokenType: 'Bearer', accessToken, refreshToken, expiresIn: this.env.ACCESS_TOKEN_TTL_SECONDS };
  }

  /** Exchanges a refresh token for a new pair; returns the user id and the new tokens. */
  async rotate(refreshToken: string, loadUser: (userId: string) => Promise<User | null>): Promise<TokenResponse> {
    const stored = await this.refreshTokens.findOneBy({ tokenHash: sha256(refreshToken) });
    if (!stored || stored.revokedAt || stored.expiresAt < new Date()) throw new UnauthorizedException('Unauthorized');
    // Claim the token atomically: of two concurrent uses, exactly one wins.
    const claimed = await this.refreshTokens.update({ id: stored.id, usedAt: IsNull() }, { usedAt: new Date() });
    if (claimed.affected !== 1) {
      await this.revokeFamily(stored.familyId);
      throw new UnauthorizedException('Unauthorized');
    }
    const user = await loadUser(stored.userId);
    if (!user) throw new UnauthorizedException('Unauthorized');
    return this.issue(user, stored.familyId);
  }

  /** Ends the sign-in the token belongs to (sign-out). Unknown tokens are ignored. */
  async revoke(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const stored = await this.refreshTokens.findOneBy({ tokenHash: sha256(refreshToken) });
    if (stored) await this.revokeFamily(stored.familyId);
  }

  /** Every session of the user ends (password reset): refresh tokens revoked, live access tokens refused. */
  async revokeAllOf(userId: string): Promise<void> {
    const families = await this.refreshTokens
      .createQueryBuilder('token')
      .select('DISTINCT token.family_id', 'familyId')
      .where('token.user_id = :userId AND token.revoked_at IS NULL', { userId })
      .getRawMany<{ familyId: string }>();
    for (const { familyId } of families) await this.revokeFamily(familyId);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.refreshTokens.update({ familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
    // Access tokens are stateless: the gateway refuses this session's for the rest of their lifetime.
    await this.redis.set(revokedSessionKey(familyId), '1', 'EX', this.env.ACCESS_TOKEN_TTL_SECONDS);
  }
}
