import argon2 from 'argon2';
import { hashPassword, passwordVerifications, randomToken, SecretBox, sha256, verifyPassword } from './crypto';

/** The algorithm and cost part of an encoded argon2 hash: `argon2id$v=19$m=19456,t=2,p=1`. */
const costOf = (hash: string) => hash.split('$').slice(1, 4).join('$');
const verificationsCounted = async () => (await passwordVerifications.get()).values[0]?.value ?? 0;

describe('identity crypto', () => {
  it('hashes passwords with argon2id and verifies them', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false);
  });

  it('says no to an unknown user after the same work as a known one (no enumeration by timing)', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPassword(undefined, 'anything')).toBe(false); // the dummy hash is made once, up front
    const verify = jest.spyOn(argon2, 'verify');
    const counted = await verificationsCounted();
    expect(await verifyPassword(hash, 'a wrong password')).toBe(false);
    expect(await verifyPassword(undefined, 'a wrong password')).toBe(false);
    // The work, not the milliseconds: exactly one argon2 verification each, finished before the answer, against
    // hashes of the same algorithm and cost (memory, passes, lanes): the unknown email pays what a known one does.
    expect(verify).toHaveBeenCalledTimes(2);
    const [[known, knownPassword], [dummy, dummyPassword]] = verify.mock.calls;
    expect([knownPassword, dummyPassword]).toEqual(['a wrong password', 'a wrong password']);
    expect(known).toBe(hash);
    expect(dummy).not.toBe(hash);
    expect(costOf(dummy)).toBe(costOf(known));
    expect(costOf(dummy)).toBe('argon2id$v=19$m=19456,t=2,p=1');
    expect((await verificationsCounted()) - counted).toBe(2);
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
