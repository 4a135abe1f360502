import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { revokedSessionKey } from '@infra/contracts';
import { REDIS } from '@infra/platform';

const CACHE_MS = 1000;
const CACHE_MAX = 50_000;

/**
 * Has this session been signed out? Identity marks revoked session ids in Redis; answers are kept for one
 * second per session, so a busy client costs one Redis round trip per second instead of one per request.
 * A sign-out therefore takes effect at the gateway within a second.
 */
@Injectable()
export class RevokedSessions {
  private readonly cache = new Map<string, { revoked: boolean; until: number }>();

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async isRevoked(sessionId: string): Promise<boolean> {
    const now = Date.now();
    const cached = this.cache.get(sessionId);
    if (cached && cached.until > now) return cached.revoked;
    const revoked = (await this.redis.exists(revokedSessionKey(sessionId))) === 1;
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(sessionId, { revoked, until: now + CACHE_MS });
    return revoked;
  }
}
