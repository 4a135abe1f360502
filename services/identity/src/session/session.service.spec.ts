import type { SecurityLog } from '../security-log/security-log';
import { SessionErrorCode } from '@infra/contracts';
import * as crypto from '../crypto/crypto';
import type { MfaService } from '../mfa/mfa.service';
import type { User } from '../users/user.entity';
import type { AttemptCounter } from './attempt-counter';
import { LoginThrottle } from './login-throttle';
import { memoryAttemptCounter } from '../../test/memory-attempt-counter';
import type { SessionRepository } from './session.repository';
import { SessionService } from './session.service';
import type { TokenService } from './token.service';

const PASSWORD = 'the-right-password-1';

async function setUp() {
  const user = {
    id: 'u1',
    email: 'ada@example.com',
    passwordHash: await crypto.hashPassword(PASSWORD),
    mfaSecret: null,
  };
  const counter = memoryAttemptCounter();
  const repository = { findUserByEmail: jest.fn((email: string) => (email === user.email ? user : null)) };
  const tokens = { issue: jest.fn(() => Promise.resolve({ accessToken: 'a', refreshToken: 'r' })) };
  const service = new SessionService(
    repository as unknown as SessionRepository,
    new LoginThrottle(counter as unknown as AttemptCounter),
    tokens as unknown as TokenService,
    {} as MfaService,
    { record: () => Promise.resolve(), recordInBackground: () => undefined } as unknown as SecurityLog,
  );
  return { service, counter, repository, user: user as unknown as User };
}

const codeOf = (result: PromiseSettledResult<unknown>) =>
  result.status === 'fulfilled' ? 'signed-in' : (result.reason as { code?: string }).code;

describe('sign-in lockout', () => {
  afterEach(() => jest.restoreAllMocks());

  it('checks at most 5 of 40 concurrent wrong passwords and refuses the rest, and the right one, with 429', async () => {
    const { service } = await setUp();
    const verify = jest.spyOn(crypto, 'verifyPassword');
    const attempts = Array.from({ length: 40 }, (_, i) =>
      service.login('ada@example.com', `wrong-${i}`, undefined, '192.0.2.1'),
    );
    attempts.push(service.login('Ada@Example.com', PASSWORD, undefined, '192.0.2.1'));
    const outcomes = (await Promise.allSettled(attempts)).map(codeOf);
    expect(outcomes.filter((code) => code === SessionErrorCode.InvalidCredentials)).toHaveLength(5);
    expect(outcomes.filter((code) => code === SessionErrorCode.LockedOut)).toHaveLength(36);
    expect(verify).toHaveBeenCalledTimes(5);
  });

  it('locks unknown emails out exactly like known ones', async () => {
    const { service } = await setUp();
    const outcomes: unknown[] = [];
    for (let i = 0; i < 6; i += 1)
      outcomes.push(codeOf((await Promise.allSettled([service.login('nobody@x.io', 'pw', undefined, 'ip')]))[0]));
    expect(outcomes).toEqual([...Array(5).fill(SessionErrorCode.InvalidCredentials), SessionErrorCode.LockedOut]);
  });

  it('starts the email afresh after a sign-in, and gives the client its attempt back', async () => {
    const { service, counter } = await setUp();
    await expect(service.login('ada@example.com', 'wrong', undefined, 'ip')).rejects.toThrow();
    await service.login('ada@example.com', PASSWORD, undefined, 'ip');
    expect(counter.counts.get('throttle:login:email:ada@example.com')).toBeUndefined();
    expect(counter.counts.get('throttle:login:ip:ip')).toBe(1);
  });

  it('refuses a client past 50 attempts, whatever the emails', async () => {
    const { service, counter, repository } = await setUp();
    counter.counts.set('throttle:login:ip:ip', 49);
    const fiftieth = service.login('first@x.io', 'pw', undefined, 'ip');
    await expect(fiftieth).rejects.toMatchObject({ code: SessionErrorCode.InvalidCredentials });
    await expect(service.login('second@x.io', 'pw', undefined, 'ip')).rejects.toMatchObject({
      code: SessionErrorCode.LockedOut,
    });
    expect(repository.findUserByEmail).toHaveBeenCalledTimes(1);
  });
});
