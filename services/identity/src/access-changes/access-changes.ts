import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { type AccessChange, accessChangesChannel } from '@infra/contracts';
import { REDIS } from '@infra/platform';

/**
 * Tells every gateway that access changed (a revoked key, a removed member, a new role, an accepted invitation).
 * Called after the change commits: a gateway that looked the user up again before the commit would cache the old
 * answer. A message that cannot be sent is logged, not fatal: the gateways' 15 s expiry still applies.
 */
@Injectable()
export class AccessChanges {
  private readonly logger = new Logger(AccessChanges.name);

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async published(change: AccessChange): Promise<void> {
    try {
      await this.redis.publish(accessChangesChannel(this.redis.options.db ?? 0), JSON.stringify(change));
    } catch (error) {
      this.logger.warn(`access change not published (gateways catch up within 15 s): ${String(error)}`);
    }
  }
}
