import { authenticator } from 'otplib';
import { randomBytes } from 'node:crypto';
import { sha256 } from '../crypto/crypto';

// One 30-second step of clock drift either way is accepted.
authenticator.options = { window: 1 };

export const TOTP_ISSUER = 'infra-analytics';
const STEP_SECONDS = 30;

export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function totpUri(email: string, secret: string): string {
  return authenticator.keyuri(email, TOTP_ISSUER, secret);
}

/**
 * The time step (30-second periods since the epoch) a valid code belongs to, or undefined when the code is
 * not valid now. Callers accept a step only once: the step, not the code, is what must never repeat.
 */
export function totpStep(code: string, secret: string, now: number = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = authenticator.clone({ epoch: now }).checkDelta(code, secret);
  return delta === null ? undefined : Math.floor(now / 1000 / STEP_SECONDS) + delta;
}

/** Ten one-time recovery codes (xxxxx-xxxxx) and their hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: 10 }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  return { codes, hashes: codes.map((code) => sha256(code)) };
}

export function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase();
}
