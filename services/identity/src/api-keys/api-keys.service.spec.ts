import { API_KEY_PATTERN } from '@infra/contracts';
import { createHash } from 'node:crypto';
import { newSecret } from './api-keys.service';

describe('API key secrets', () => {
  it('are iak_ and 32 random bytes; only their SHA-256 and first 12 characters are kept', () => {
    const { secret, secretHash, prefix } = newSecret();
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(Buffer.from(secret.slice(4), 'base64url')).toHaveLength(32);
    expect(secretHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(prefix).toBe(secret.slice(0, 12));
    expect(secretHash).not.toContain(secret.slice(4));
  });

  it('are never the same twice', () => {
    const secrets = new Set(Array.from({ length: 100 }, () => newSecret().secret));
    expect(secrets.size).toBe(100);
  });
});
