import { InventoryErrorCode } from '@infra/contracts';
import type { JobQueue } from '@infra/jobs';
import { EventPublisher } from '@infra/messaging';
import { type CallerContext, DomainError } from '@infra/platform';
import type { AwsIntegration } from './aws-integration.entity';
import type { AwsIntegrationJobs } from './aws-integration.queue';
import type { AwsIntegrationRepository } from './aws-integration.repository';
import { AwsIntegrationService } from './aws-integration.service';

const ORGANIZATION_ID = '6b5a4938-2716-4d5c-8b4a-3f2e1d0c9b8a';
const caller = (role: CallerContext['role']): CallerContext => ({
  userId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  systemAdmin: false,
  accountId: '8c7b6a59-4837-4261-9f0e-1d2c3b4a5968',
  organizationId: ORGANIZATION_ID,
  role,
});

const stored = {
  organizationId: ORGANIZATION_ID,
  roleArn: 'arn:aws:iam::123456789012:role/read',
  externalId: 'ia-1',
  regions: [],
  state: 'queued',
  lastRunAt: new Date('2025-11-20T10:00:00Z'),
  lastSucceededAt: null,
  lastCounts: null,
  lastError: null,
} as unknown as AwsIntegration;

function setup(options: { exists?: boolean; claimable?: boolean; enqueueFails?: boolean } = {}) {
  const { exists = true, claimable = true, enqueueFails = false } = options;
  const repository = {
    findForOrganization: jest.fn(async (organizationId: string) =>
      exists && organizationId === ORGANIZATION_ID ? stored : null,
    ),
    claim: jest.fn(async (ids: string[]) => (claimable ? ids : [])),
    abandonClaim: jest.fn(async () => undefined),
  };
  const jobs = {
    add: jest.fn(async () => {
      if (enqueueFails) throw new Error('redis down');
      return 'job-1';
    }),
  };
  const service = new AwsIntegrationService(
    repository as unknown as AwsIntegrationRepository,
    new EventPublisher(),
    jobs as unknown as JobQueue<AwsIntegrationJobs>,
  );
  return { service, repository, jobs };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof DomainError ? error.code : (error as Error).constructor.name),
  );

describe('AwsIntegrationService', () => {
  it('shows the integration to a User of the organization, with dates as ISO text', async () => {
    const { service } = setup();
    expect(await service.get(caller('User'))).toEqual({
      roleArn: 'arn:aws:iam::123456789012:role/read',
      externalId: 'ia-1',
      regions: [],
      state: 'queued',
      lastRunAt: '2025-11-20T10:00:00.000Z',
      lastSucceededAt: null,
      lastCounts: null,
      lastError: null,
    });
  });

  it('answers INTEGRATION_NOT_FOUND when the organization has none', async () => {
    expect(await codeOf(setup({ exists: false }).service.get(caller('User')))).toBe(
      InventoryErrorCode.IntegrationNotFound,
    );
  });

  it('queues one sync job for a claimed integration', async () => {
    const { service, repository, jobs } = setup();
    expect((await service.requestSync(caller('Admin'))).state).toBe('queued');
    expect(repository.claim).toHaveBeenCalledWith([ORGANIZATION_ID]);
    expect(jobs.add).toHaveBeenCalledWith(
      'aws-sync',
      { organizationId: ORGANIZATION_ID },
      { jobId: expect.stringMatching(new RegExp(`^aws-sync-${ORGANIZATION_ID}-\\d+$`)) },
    );
  });

  it('refuses a second sync while one is queued or running, without queueing', async () => {
    const { service, jobs } = setup({ claimable: false });
    expect(await codeOf(service.requestSync(caller('Admin')))).toBe(InventoryErrorCode.SyncAlreadyRunning);
    expect(jobs.add).not.toHaveBeenCalled();
  });

  it('gives the claim up as failed when the job cannot be queued', async () => {
    const { service, repository } = setup({ enqueueFails: true });
    await expect(service.requestSync(caller('Admin'))).rejects.toThrow('redis down');
    expect(repository.abandonClaim).toHaveBeenCalledWith(ORGANIZATION_ID, 'The sync could not be queued; try again.');
  });
});
