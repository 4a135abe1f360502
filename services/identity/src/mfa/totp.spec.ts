import { authenticator } from 'otplib';
import { sha256 } from '../crypto/crypto';
import { newRecoveryCodes, normaliseRecoveryCode, totpStep, totpUri } from './totp';

describe('TOTP and recovery codes', () => {
  const secret = 'JBSWY3DPEHPK3PXP';
  const now = 1_763_800_015_000;
  const stepNow = Math.floor(now / 30_000);
  const codeAt = (at: number) => authenticator.clone({ epoch: at }).generate(secret);

  it('gives the time step of a valid code, with one step of drift either way', () => {
    expect(totpStep(codeAt(now), secret, now)).toBe(stepNow);
    expect(totpStep(codeAt(now - 30_000), secret, now)).toBe(stepNow - 1);
    expect(totpStep(codeAt(now + 30_000), secret, now)).toBe(stepNow + 1);
  });

  it('refuses codes of other steps and malformed codes', () => {
    expect(totpStep(codeAt(now - 90_000), secret, now)).toBeUndefined();
    expect(totpStep('12345', secret, now)).toBeUndefined();
    expect(totpStep('abcdef', secret, now)).toBeUndefined();
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
