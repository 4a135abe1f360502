import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { IDENTITY_MESSAGES } from '@infra/contracts';
import { REDIS } from '@infra/platform';

const WINDOW_SECONDS = 15 * 60;
const MAX_FAILURES_PER_ACCOUNT = 5;
const MAX_FAILURES_PER_IP = 50;

/**
 * Failed sign-ins counted per email and per client IP in Redis, with a 15-minute lockout once a limit is
 * reached. Keyed by the email as typed, so unknown emails lock out exactly like known ones.
 */
@Injectable()
export class LoginThrottle {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  private keys(email: string, ip: string): [string, string] {
    return [`login:fail:email:${email.toLowerCase()}`, `login:fail:ip:${ip}`];
  }

  async assertAllowed(email: string, ip: string): Promise<void> {
    const [byEmail, byIp] = await this.redis.mget(...this.keys(email, ip));
    if (Number(byEmail ?? 0) >= MAX_FAILURES_PER_ACCOUNT || Number(byIp ?? 0) >= MAX_FAILURES_PER_IP) {
      throw new HttpException(IDENTITY_MESSAGES.lockedOut, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const pipeline = this.redis.multi();
    for (const key of this.keys(email, ip)) pipeline.incr(key).expire(key, WINDOW_SECONDS, 'NX');
    await pipeline.exec();
  }

  async reset(email: string): Promise<void> {
    await this.redis.del(this.keys(email, '')[0]);
  }
}
