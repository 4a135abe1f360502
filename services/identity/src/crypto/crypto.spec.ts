import { authenticator } from 'otplib';
import { isValidTotp, newRecoveryCodes, normaliseRecoveryCode, totpUri } from '../mfa/totp';
import { safeReturnTo } from '../session/session.controller';
import { hashPassword, randomToken, SecretBox, sha256, verifyPassword } from './crypto';

describe('identity crypto', () => {
  it('hashes passwords with argon2id and verifies them', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false);
  });

  it('spends the same work on an unknown user (dummy hash) and says no', async () => {
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
  });

  it('seals secrets so that only the same key opens them, and detects tampering', () => {
    const box = new SecretBox('a-key-that-is-long-enough-for-tests-000');
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed); // fresh IV each time
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => new SecretBox('another-key-that-is-long-enough-0000').open(sealed)).toThrow();
    const [iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });

  it('makes unguessable tokens and stores only their hashes', () => {
    const token = randomToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(randomToken()).not.toBe(token);
    expect(sha256(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('TOTP and recovery codes', () => {
  const secret = 'JBSWY3DPEHPK3PXP';

  it('accepts the current code only', () => {
    expect(isValidTotp(authenticator.generate(secret), secret)).toBe(true);
    expect(isValidTotp('12345', secret)).toBe(false);
    expect(isValidTotp('abcdef', secret)).toBe(false);
  });

  it('names the issuer and account in the otpauth URI', () => {
    expect(totpUri('ada@example.com', secret)).toBe(
      `otpauth://totp/infra-analytics:ada%40example.com?secret=${secret}&period=30&digits=6&algorithm=SHA1&issuer=infra-analytics`,
    );
  });

  it('issues ten distinct recovery codes with matching hashes', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{5}-[0-9a-f]{5}$/);
    expect(hashes).toEqual(codes.map((code) => sha256(code)));
    expect(sha256(normaliseRecoveryCode(` ${codes[0].toUpperCase()} `))).toBe(hashes[0]);
  });
});

describe('returnTo after sign-in', () => {
  it.each([
    ['/account', '/account'],
    ['/assets/1?x=2', '/assets/1?x=2'],
    [undefined, '/'],
    ['https://evil.example', '/'],
    ['//evil.example/path', '/'],
    ['/api/logout', '/'],
  ])('%s → %s', (candidate, expected) => {
    expect(safeReturnTo(candidate)).toBe(expected);
  });
});
