import {
  DescribeInstancesCommand,
  DescribeInstanceTypesCommand,
  EC2Client,
  EC2ServiceException,
} from '@aws-sdk/client-ec2';
import { CloudWatchClient, GetMetricDataCommand, ListMetricsCommand } from '@aws-sdk/client-cloudwatch';
import {
  CostExplorerClient,
  CostExplorerServiceException,
  GetCostAndUsageWithResourcesCommand,
} from '@aws-sdk/client-cost-explorer';
import { AssumeRoleCommand, ExpiredTokenException, STSClient, STSServiceException } from '@aws-sdk/nested-clients/sts';
import { mockClient } from 'aws-sdk-client-mock';
import type { EntityManager } from 'typeorm';
import { type EventEnvelope, TOPICS } from '@infra/contracts';
import { JOB_DEFAULTS, type TypedJob, UnrecoverableError } from '@infra/jobs';
import { EventPublisher } from '@infra/messaging';
import {
  ASSUME_ROLE_OUTPUT,
  EXTERNAL_ID,
  instance,
  instancesPage,
  instanceTypesOutput,
  M5_LARGE,
  ROLE_ARN,
} from '../../test/fixtures/aws-ec2';
import { costOutput, listMetricsOutput, metricDataOutput, metricResult } from '../../test/fixtures/aws-telemetry';
import type { AssetSink } from './asset-sink';
import type { AwsIntegration, SyncCounts } from './aws-integration.entity';
import { SyncAwsIntegrationJob } from './aws-integration.jobs';
import type { AwsIntegrationJobs } from './aws-integration.queue';
import type { AwsIntegrationRepository } from './aws-integration.repository';
import { Ec2InventorySync } from './ec2-inventory-sync';

const ORGANIZATION_ID = '4c3b2a19-0f8e-4d7c-9b6a-5f4e3d2c1b0a';

/** The one integration row, with the writes the job makes to it. */
class IntegrationRow {
  integration: AwsIntegration | null = {
    organizationId: ORGANIZATION_ID,
    accountId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    roleArn: ROLE_ARN,
    externalId: EXTERNAL_ID,
    regions: ['eu-west-1'],
    state: 'queued',
    lastRunAt: null,
    lastSucceededAt: null,
    lastCounts: null,
    lastError: null,
    configuredBy: 'f0e1d2c3-b4a5-4968-8776-5a4b3c2d1e0f',
  } as AwsIntegration;

  /** The outbox: the events of each committed transaction. */
  readonly outbox: EventEnvelope[] = [];

  private update(values: Partial<AwsIntegration>): void {
    if (this.integration) this.integration = { ...this.integration, ...values };
  }

  readonly repository = {
    findForOrganization: async (organizationId: string) =>
      this.integration?.organizationId === organizationId ? { ...this.integration } : null,
    markRunning: async () => this.update({ state: 'running', lastRunAt: new Date() }),
    recordSuccess: async (_: string, counts: SyncCounts, warning: string | null) =>
      this.update({ state: 'succeeded', lastSucceededAt: new Date(), lastCounts: counts, lastError: warning }),
    recordFailure: async (_: string, error: string, retrying: boolean) =>
      this.update({ state: retrying ? 'queued' : 'failed', lastError: error }),
    transaction: async <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> => {
      const written: EventEnvelope[] = [];
      const manager = {
        queryRunner: { isTransactionActive: true },
        query: async (sql: string, parameters: unknown[]) => {
          if (sql.includes('INSERT INTO outbox'))
            written.push(...(JSON.parse(parameters[1] as string) as EventEnvelope[]));
          return [];
        },
      } as unknown as EntityManager;
      const result = await work(manager);
      this.outbox.push(...written);
      return result;
    },
  } as unknown as AwsIntegrationRepository;
}

const sink: AssetSink = {
  upsertForOrganization: async (_, items) => ({
    created: items.length,
    updated: 0,
    results: items.map((item) => ({ externalId: item.externalId, id: `asset-${item.externalId}`, created: true })),
  }),
};

const attempt = (attemptsMade: number) =>
  ({ attemptsMade, opts: { attempts: JOB_DEFAULTS.attempts } }) as TypedJob<AwsIntegrationJobs, 'aws-sync'>;

const sts = mockClient(STSClient);
const ec2 = mockClient(EC2Client);
const cloudWatch = mockClient(CloudWatchClient);
const costExplorer = mockClient(CostExplorerClient);
let row: IntegrationRow;
let job: SyncAwsIntegrationJob;

const HOUR = '2026-11-20T09:00:00Z';

beforeEach(() => {
  sts.reset();
  ec2.reset();
  cloudWatch.reset();
  costExplorer.reset();
  sts.on(AssumeRoleCommand).resolves(ASSUME_ROLE_OUTPUT);
  cloudWatch.on(ListMetricsCommand).resolves(listMetricsOutput([]));
  cloudWatch.on(GetMetricDataCommand).resolves(
    metricDataOutput([
      metricResult('cpu0', 'CPUUtilization', [[HOUR, 35.5]]),
      // The stopped instance ran part of the hour.
      metricResult('cpu1', 'CPUUtilization', [[HOUR, 4.75]]),
    ]),
  );
  costExplorer
    .on(GetCostAndUsageWithResourcesCommand)
    .resolves(costOutput([[HOUR, [['i-0f1e2d3c4b5a69780', '0.0960000000']]]]));
  ec2
    .on(DescribeInstancesCommand)
    .resolves(
      instancesPage([
        instance({ id: 'i-0f1e2d3c4b5a69780', type: 'm5.large', zone: 'eu-west-1a', state: 'running' }),
        instance({ id: 'i-0f1e2d3c4b5a69781', type: 'm5.large', zone: 'eu-west-1b', state: 'stopped' }),
      ]),
    );
  ec2.on(DescribeInstanceTypesCommand).resolves(instanceTypesOutput([M5_LARGE]));
  row = new IntegrationRow();
  job = new SyncAwsIntegrationJob(row.repository, new Ec2InventorySync(sink), new EventPublisher());
});

describe('SyncAwsIntegrationJob', () => {
  it('records a successful run: state, run times and counts', async () => {
    await job.process({ organizationId: ORGANIZATION_ID }, attempt(0));

    expect(row.integration).toMatchObject({
      state: 'succeeded',
      lastCounts: {
        created: 2,
        updated: 0,
        seen: 2,
        telemetry: { samples: 2, costsDropped: 0, collectedThrough: expect.any(String) },
      },
      lastError: null,
      lastRunAt: expect.any(Date),
      lastSucceededAt: expect.any(Date),
    });
  });

  it('publishes the telemetry of the synced instances through the outbox, on the same assumed role', async () => {
    await job.process({ organizationId: ORGANIZATION_ID }, attempt(0));

    expect(row.outbox).toEqual([
      expect.objectContaining({
        type: TOPICS.inventoryTelemetryCollected,
        organizationId: ORGANIZATION_ID,
        accountId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        actorId: 'f0e1d2c3-b4a5-4968-8776-5a4b3c2d1e0f',
        payload: {
          source: 'aws-cloudwatch',
          samples: [
            { externalId: 'i-0f1e2d3c4b5a69780', hour: '2026-11-20T09:00:00.000Z', cpuUtil: 35.5, cost: 0.096 },
            { externalId: 'i-0f1e2d3c4b5a69781', hour: '2026-11-20T09:00:00.000Z', cpuUtil: 4.75 },
          ],
        },
      }),
    ]);
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(1);
  });

  it('resumes where the last run stopped: the next run asks only for the settling and new hours', async () => {
    await job.process({ organizationId: ORGANIZATION_ID }, attempt(0));
    const through = Date.parse(row.integration!.lastCounts!.telemetry!.collectedThrough);
    await job.process({ organizationId: ORGANIZATION_ID }, attempt(0));

    const [first, second] = cloudWatch.commandCalls(GetMetricDataCommand).map((call) => call.args[0].input);
    const hours = ({ StartTime, EndTime }: typeof first) => (EndTime!.getTime() - StartTime!.getTime()) / 3_600_000;
    expect(first.EndTime?.getTime()).toBe(through);
    expect(hours(first)).toBeGreaterThanOrEqual(14 * 24 - 1);
    expect(hours(second)).toBe(48);
  });

  it('Cost Explorer refused: the run succeeds with the CPU samples, and its error says why costs are missing', async () => {
    costExplorer.on(GetCostAndUsageWithResourcesCommand).rejects(
      new CostExplorerServiceException({
        name: 'AccessDeniedException',
        $fault: 'client',
        $metadata: { httpStatusCode: 400 },
        message: 'User not enabled for cost explorer access',
      }),
    );

    await job.process({ organizationId: ORGANIZATION_ID }, attempt(0));

    expect(row.integration).toMatchObject({
      state: 'succeeded',
      lastCounts: { seen: 2, telemetry: { samples: 2 } },
      lastError: expect.stringMatching(
        /ce:GetCostAndUsageWithResources .* Costs were not collected; CPU utilization was\.$/,
      ),
    });
    expect(row.outbox.flatMap((event) => (event.payload as { samples: unknown[] }).samples)).toEqual([
      { externalId: 'i-0f1e2d3c4b5a69780', hour: '2026-11-20T09:00:00.000Z', cpuUtil: 35.5 },
      { externalId: 'i-0f1e2d3c4b5a69781', hour: '2026-11-20T09:00:00.000Z', cpuUtil: 4.75 },
    ]);
  });

  it('throttling left after the SDK retries: the job retries, and the next attempt succeeds', async () => {
    ec2
      .on(DescribeInstancesCommand)
      .rejectsOnce(
        new EC2ServiceException({
          name: 'RequestLimitExceeded',
          $fault: 'client',
          $metadata: { httpStatusCode: 503, attempts: 6 },
          message: 'Request limit exceeded.',
        }),
      )
      .resolves(instancesPage([instance({ id: 'i-0aa', type: 'm5.large', zone: 'eu-west-1a', state: 'running' })]));

    const first = job.process({ organizationId: ORGANIZATION_ID }, attempt(0));
    await expect(first).rejects.toThrow('Request limit exceeded.');
    await expect(first).rejects.not.toBeInstanceOf(UnrecoverableError);
    expect(row.integration).toMatchObject({
      state: 'queued',
      lastError: 'AWS answered RequestLimitExceeded: Request limit exceeded.',
    });

    await job.process({ organizationId: ORGANIZATION_ID }, attempt(1));
    expect(row.integration).toMatchObject({ state: 'succeeded', lastError: null, lastCounts: { seen: 1 } });
  });

  it('expired credentials: state failed with the clear error, and no retry', async () => {
    sts.on(AssumeRoleCommand).rejects(
      new ExpiredTokenException({
        $metadata: { httpStatusCode: 400 },
        message: 'The security token included in the request is expired',
      }),
    );

    const run = job.process({ organizationId: ORGANIZATION_ID }, attempt(0));

    await expect(run).rejects.toBeInstanceOf(UnrecoverableError);
    expect(row.integration).toMatchObject({
      state: 'failed',
      lastError: `AWS rejected the credentials used to assume ${ROLE_ARN} (ExpiredTokenException: expired or invalid). The sync resumes once they are renewed.`,
      lastSucceededAt: null,
      lastCounts: null,
    });
  });

  it('AccessDenied on AssumeRole: state failed with the clear error, and no retry', async () => {
    sts.on(AssumeRoleCommand).rejects(
      new STSServiceException({
        name: 'AccessDenied',
        $fault: 'client',
        $metadata: { httpStatusCode: 403 },
        message: 'not authorized to perform: sts:AssumeRole',
      }),
    );

    await expect(job.process({ organizationId: ORGANIZATION_ID }, attempt(0))).rejects.toBeInstanceOf(
      UnrecoverableError,
    );
    expect(row.integration?.state).toBe('failed');
    expect(row.integration?.lastError).toMatch(/^AWS denied assuming .* \(AccessDenied\): check that the role's trust/);
  });

  it('an unexpected failure on the last attempt: failed, without leaking its message', async () => {
    const brokenSink: AssetSink = {
      upsertForOrganization: () => Promise.reject(new Error('connection refused 10.0.3.4')),
    };
    job = new SyncAwsIntegrationJob(row.repository, new Ec2InventorySync(brokenSink), new EventPublisher());

    await expect(job.process({ organizationId: ORGANIZATION_ID }, attempt(JOB_DEFAULTS.attempts - 1))).rejects.toThrow(
      'connection refused',
    );
    expect(row.integration).toMatchObject({
      state: 'failed',
      lastError: 'The sync failed unexpectedly; the operators have the details in the logs.',
    });
  });

  it('does nothing for an integration removed since the job was queued', async () => {
    row.integration = null;
    await job.process({ organizationId: ORGANIZATION_ID }, attempt(0));
    expect(sts.calls()).toHaveLength(0);
  });
});
