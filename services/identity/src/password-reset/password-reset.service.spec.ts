import type { SecurityLog } from '../security-log/security-log';
import { PasswordErrorCode, PasswordResetErrorCode } from '@infra/contracts';
import type { AttemptCounter } from '../session/attempt-counter';
import { memoryAttemptCounter } from '../../test/memory-attempt-counter';
import type { TokenService } from '../session/token.service';
import type { IdentityEnv } from '../identity.env';
import type { Mailer } from './mailer';
import type { JobQueue } from '@infra/jobs';
import { IdentityJobs, PasswordLinkMail, SendInvitationJob, SendPasswordResetJob } from './password-reset.jobs';
import type { PasswordResetRepository } from './password-reset.repository';
import { PasswordResetService } from './password-reset.service';

const ADA = { id: 'u1', email: 'ada@example.com' };

function setUp() {
  const repository = {
    findUserByEmail: jest.fn((email: string) => Promise.resolve(email === ADA.email ? ADA : null)),
    findUserById: jest.fn((id: string) => Promise.resolve(id === ADA.id ? ADA : null)),
    insertToken: jest.fn(() => Promise.resolve()),
    setPasswordWithToken: jest.fn(() => Promise.resolve(undefined)),
  };
  const securityLog = {
    record: () => Promise.resolve(),
    recordInBackground: () => undefined,
  } as unknown as SecurityLog;
  const queue = { add: jest.fn(() => Promise.resolve('job-id')) };
  const service = new PasswordResetService(
    repository as unknown as PasswordResetRepository,
    queue as unknown as JobQueue<IdentityJobs>,
    memoryAttemptCounter() as unknown as AttemptCounter,
    {} as TokenService,
    securityLog,
  );
  const mailer = { send: jest.fn(() => Promise.resolve()) };
  const links = new PasswordLinkMail(
    repository as unknown as PasswordResetRepository,
    mailer as unknown as Mailer,
    { PUBLIC_URL: 'https://app.example/' } as IdentityEnv,
  );
  const resetJob = new SendPasswordResetJob(repository as unknown as PasswordResetRepository, links, securityLog);
  const invitationJob = new SendInvitationJob(repository as unknown as PasswordResetRepository, links);
  return { service, repository, queue, resetJob, invitationJob, mailer };
}

describe('password reset requests', () => {
  it('do the same work for a known and an unknown email: enqueue a job, no lookup', async () => {
    const { service, repository, queue } = setUp();
    const known = await service.request(' Ada@Example.com ', '192.0.2.1');
    const unknown = await service.request('nobody@example.com', '192.0.2.1');
    expect(unknown).toEqual(known);
    expect(queue.add.mock.calls).toEqual([
      ['send-password-reset', { email: 'ada@example.com', clientAddress: '192.0.2.1' }],
      ['send-password-reset', { email: 'nobody@example.com', clientAddress: '192.0.2.1' }],
    ]);
    expect(repository.findUserByEmail).not.toHaveBeenCalled();
  });

  it('are limited to 3 per email and 20 per client, with 429', async () => {
    const { service, queue } = setUp();
    for (let i = 0; i < 3; i += 1) await service.request(ADA.email, 'a');
    await expect(service.request(ADA.email, 'b')).rejects.toMatchObject({
      code: PasswordResetErrorCode.TooManyRequests,
      status: 429,
    });
    for (let i = 0; i < 17; i += 1) await service.request(`u${i}@example.com`, 'a');
    await expect(service.request('one-more@example.com', 'a')).rejects.toMatchObject({ status: 429 });
    expect(queue.add).toHaveBeenCalledTimes(20);
  });
});

describe('completing a reset', () => {
  it('checks the password rule before the link', async () => {
    const { service, repository } = setUp();
    await expect(service.complete('a-token-of-some-length', ' '.repeat(12))).rejects.toMatchObject({
      code: PasswordErrorCode.Blank,
    });
    expect(repository.setPasswordWithToken).not.toHaveBeenCalled();
    await expect(service.complete('a-token-of-some-length', 'A-good-new-password-1')).rejects.toMatchObject({
      code: PasswordResetErrorCode.InvalidLink,
    });
  });
});

describe('the mail job', () => {
  it('mails a reset link to a known email only', async () => {
    const { resetJob, mailer, repository } = setUp();
    await resetJob.process({ email: 'nobody@example.com' });
    expect(mailer.send).not.toHaveBeenCalled();
    await resetJob.process({ email: ADA.email });
    expect(repository.insertToken).toHaveBeenCalledWith(
      ADA.id,
      expect.stringMatching(/^[0-9a-f]{64}$/),
      expect.any(Date),
    );
    expect(mailer.send).toHaveBeenCalledWith(
      expect.objectContaining({
        to: ADA.email,
        text: expect.stringMatching(/https:\/\/app\.example\/reset-password\?token=[\w-]{43}/),
      }),
    );
  });

  it('mails invitations to users that still exist', async () => {
    const { invitationJob, mailer } = setUp();
    await invitationJob.process({ userId: 'gone' });
    await invitationJob.process({ userId: ADA.id });
    expect(mailer.send).toHaveBeenCalledTimes(1);
    expect(mailer.send).toHaveBeenCalledWith(
      expect.objectContaining({ subject: 'You have been invited to infra-analytics' }),
    );
  });
});
