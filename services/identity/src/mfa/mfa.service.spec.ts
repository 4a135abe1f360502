import type { SecurityLog } from '../security-log/security-log';
import { authenticator } from 'otplib';
import { MfaErrorCode } from '@infra/contracts';
import { SecretBox } from '../crypto/crypto';
import type { IdentityEnv } from '../identity.env';
import type { AttemptCounter } from '../session/attempt-counter';
import { memoryAttemptCounter } from '../../test/memory-attempt-counter';
import type { User } from '../users/user.entity';
import type { MfaRepository } from './mfa.repository';
import { MfaService } from './mfa.service';

const KEY = 'a-data-encryption-key-for-unit-tests-0000';
const SECRET = 'JBSWY3DPEHPK3PXP';

function setUp() {
  const user = {
    id: 'u1',
    email: 'ada@example.com',
    mfaSecret: new SecretBox(KEY).seal(SECRET),
    mfaPendingSecret: null,
  } as unknown as User;
  let lastStep: number | null = null;
  let enabled = true;
  const repository = {
    // The conditional UPDATE of the real repository: a step is accepted once, and only a later one after it.
    claimStep: jest.fn((_id: string, step: number) => {
      const fresh = enabled && (lastStep === null || lastStep < step);
      if (fresh) lastStep = step;
      return Promise.resolve(fresh);
    }),
    useRecoveryCode: jest.fn(() => Promise.resolve(false)),
    disable: jest.fn(() => {
      enabled = false;
      return Promise.resolve();
    }),
  };
  const counter = memoryAttemptCounter();
  const service = new MfaService(
    repository as unknown as MfaRepository,
    counter as unknown as AttemptCounter,
    { record: () => Promise.resolve(), recordInBackground: () => undefined } as unknown as SecurityLog,
    { dataEncryptionKey: KEY } as IdentityEnv,
  );
  return { service, repository, user, counter };
}

describe('MFA codes', () => {
  it('accepts a TOTP code once: a replay, sequential or concurrent, is refused', async () => {
    const { service, user } = setUp();
    const code = authenticator.generate(SECRET);
    const concurrent = await Promise.all([1, 2, 3].map(() => service.verifyLoginCode(user, code)));
    expect(concurrent.sort()).toEqual([false, false, true]);
    expect(await service.verifyLoginCode(user, code)).toBe(false);
  });

  it('evaluates at most 5 wrong codes, then refuses even a valid one with 429 without evaluating it', async () => {
    const { service, user, repository } = setUp();
    for (let i = 0; i < 5; i += 1) expect(await service.verifyLoginCode(user, `00000${i}`)).toBe(false);
    const evaluated = repository.claimStep.mock.calls.length + repository.useRecoveryCode.mock.calls.length;
    await expect(service.disable(user, authenticator.generate(SECRET))).rejects.toMatchObject({
      code: MfaErrorCode.TooManyCodes,
      status: 429,
    });
    expect(repository.claimStep.mock.calls.length + repository.useRecoveryCode.mock.calls.length).toBe(evaluated);
    expect(repository.disable).not.toHaveBeenCalled();
  });

  it('forgets failures after a valid code', async () => {
    const { service, user, counter } = setUp();
    await service.verifyLoginCode(user, '000000');
    expect(await service.verifyLoginCode(user, authenticator.generate(SECRET))).toBe(true);
    expect(counter.counts.size).toBe(0);
  });

  it('disables MFA with a valid code, and refuses a wrong one', async () => {
    const { service, user, repository } = setUp();
    await expect(service.disable(user, '000000')).rejects.toMatchObject({ code: MfaErrorCode.InvalidCode });
    await service.disable(user, authenticator.generate(SECRET));
    expect(repository.disable).toHaveBeenCalledWith('u1');
  });
});
