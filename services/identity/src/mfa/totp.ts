import { authenticator } from 'otplib';
import { randomBytes } from 'node:crypto';
import { sha256 } from '../crypto/crypto';

// One 30-second step of clock drift either way is accepted.
authenticator.options = { window: 1 };

export const TOTP_ISSUER = 'infra-analytics';

export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

export function totpUri(email: string, secret: string): string {
  return authenticator.keyuri(email, TOTP_ISSUER, secret);
}

export function isValidTotp(code: string, secret: string): boolean {
  return /^\d{6}$/.test(code) && authenticator.check(code, secret);
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
