import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import { revokedSessionKey } from '@infra/contracts';
import { REDIS } from '@infra/platform';

/**
 * Has this session been signed out? Identity marks revoked session ids in Redis; answers are kept for one
 * second per session, so a busy client costs one Redis round trip per second instead of one per request.
 * A sign-out therefore takes effect at the gateway within a second.
 */
@Injectable()
export class RevokedSessions {
  private readonly cache: LRUCache<string, { revoked: boolean }>;

  constructor(@Inject(REDIS) redis: Redis) {
    this.cache = new LRUCache({
      max: 50_000,
      ttl: 1000,
      // Concurrent requests of one session share a single Redis look-up.
      fetchMethod: async (sessionId) => ({ revoked: (await redis.exists(revokedSessionKey(sessionId))) === 1 }),
    });
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    const answer = await this.cache.fetch(sessionId);
    return answer?.revoked ?? true;
  }
}
