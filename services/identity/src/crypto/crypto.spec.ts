import { performance } from 'node:perf_hooks';
import { hashPassword, randomToken, SecretBox, sha256, verifyPassword } from './crypto';

/** Median durations of each kind of work, run alternately so that a busy machine slows both alike. */
async function medianTimes(runs: number, kinds: (() => Promise<unknown>)[]): Promise<number[]> {
  const times = kinds.map((): number[] => []);
  for (let i = 0; i < runs; i += 1) {
    for (const [kind, work] of kinds.entries()) {
      const start = performance.now();
      await work();
      times[kind].push(performance.now() - start);
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(runs / 2)]);
}

describe('identity crypto', () => {
  it('hashes passwords with argon2id and verifies them', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false);
  });

  it('says no to an unknown user after the same work as a known one (no enumeration by timing)', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
    const [known, unknown] = await medianTimes(7, [
      () => verifyPassword(hash, 'a wrong password'),
      () => verifyPassword(undefined, 'a wrong password'),
    ]);
    // Skipping argon2 would make the unknown case ~100 times faster; the bounds allow for a busy machine.
    expect(unknown / known).toBeGreaterThan(0.4);
    expect(unknown / known).toBeLessThan(2.5);
  }, 30_000);

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
