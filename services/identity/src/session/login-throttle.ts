import { Injectable } from '@nestjs/common';
import { SessionErrorCode } from '@infra/contracts';
import { AttemptCounter } from './attempt-counter';
import { sessionError } from './session.errors';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_ATTEMPTS_PER_EMAIL = 5;
export const MAX_ATTEMPTS_PER_CLIENT = 50;

/**
 * Sign-in attempts counted per email (as typed, so unknown emails lock out like known ones) and per client
 * address. An attempt is counted before its password is checked: of 40 concurrent guesses at most 5 are
 * ever checked, and the rest are refused without running argon2.
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly counter: AttemptCounter) {}

  private keys(email: string, ip: string): [string, string] {
    return [`throttle:login:email:${email}`, `throttle:login:ip:${ip}`];
  }

  async admit(email: string, ip: string): Promise<void> {
    const [byEmail, byClient] = await this.counter.hit(this.keys(email, ip), LOGIN_WINDOW_SECONDS);
    if (byEmail > MAX_ATTEMPTS_PER_EMAIL || byClient > MAX_ATTEMPTS_PER_CLIENT)
      throw sessionError(SessionErrorCode.LockedOut);
  }

  /** A full sign-in: the email starts afresh, and the client's counter keeps only its failures. */
  async succeeded(email: string, ip: string): Promise<void> {
    const [byEmail, byClient] = this.keys(email, ip);
    await Promise.all([this.counter.clear(byEmail), this.counter.refund(byClient)]);
  }
}
