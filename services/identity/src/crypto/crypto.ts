import argon2 from 'argon2';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Counter } from 'prom-client';
import { metricsRegistry } from '@infra/platform';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): strong, and ~20 ms here so sign-in stays fast.
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

/**
 * argon2 verifications done, on identity's internal /metrics: a sign-in costs exactly one whether or not the email
 * is known, which is what keeps both answers equally slow (the e2e tests compare the work, not the milliseconds).
 */
export const passwordVerifications = new Counter({
  name: 'identity_password_verifications_total',
  help: 'argon2 password verifications (against a user hash or the dummy hash alike)',
  registers: [metricsRegistry],
});

async function argon2Verify(hash: string, password: string): Promise<boolean> {
  const ok = await argon2.verify(hash, password);
  passwordVerifications.inc();
  return ok;
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a hash; with no hash (unknown email) it verifies against a dummy hash
 * so the answer takes the same time either way (no user enumeration by timing).
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await argon2Verify(await dummyHash, password);
    return false;
  }
  return argon2Verify(hash, password);
}

/** An unguessable token for links and refresh tokens (256 bits, URL-safe). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256 hashes: a database leak yields nothing usable. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** AES-256-GCM sealing for secrets kept at rest (MFA secrets). Output: iv.tag.ciphertext, base64url. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret).digest();
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
  }

  open(sealed: string): string {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }
}
