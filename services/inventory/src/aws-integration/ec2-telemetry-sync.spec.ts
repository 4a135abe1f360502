import {
  CloudWatchClient,
  CloudWatchServiceException,
  GetMetricDataCommand,
  type GetMetricDataCommandInput,
  ListMetricsCommand,
} from '@aws-sdk/client-cloudwatch';
import {
  CostExplorerClient,
  CostExplorerServiceException,
  DataUnavailableException,
  GetCostAndUsageWithResourcesCommand,
} from '@aws-sdk/client-cost-explorer';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/nested-clients/sts';
import { mockClient } from 'aws-sdk-client-mock';
import type { CollectedTelemetrySample } from '@infra/contracts';
import { ASSUME_ROLE_OUTPUT, EXTERNAL_ID, ROLE_ARN } from '../../test/fixtures/aws-ec2';
import {
  agentMemoryMetric,
  costOutput,
  listMetricsOutput,
  metricDataOutput,
  metricResult,
} from '../../test/fixtures/aws-telemetry';
import type { SyncTenant } from './asset-sink';
import { AwsConnector } from './aws-connector';
import type { AwsIntegration, SyncCounts, TelemetryCounts } from './aws-integration.entity';
import { Ec2TelemetrySync, type TelemetryOutcome } from './ec2-telemetry-sync';
import type { TelemetrySink } from './telemetry-sink';

const ORGANIZATION_ID = '5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716';
const ACCOUNT_ID = '6f5e4d3c-2b1a-4098-9e8d-7c6b5a493827';
const CONFIGURED_BY = '70f6e5d4-c3b2-4a19-8f9e-8d7c6b5a4938';
const WEB = 'i-0a1b2c3d4e5f60001';
const DB = 'i-0a1b2c3d4e5f60002';
/** The run's clock: ten past the hour, so the 10:00 hour is not over and not asked for. */
const NOW = Date.parse('2026-11-20T10:17:00.000Z');
const FIRST_RUN_START = '2026-11-06T11:00:00.000Z';
const END = '2026-11-20T10:00:00.000Z';

function integration(telemetry?: TelemetryCounts): AwsIntegration {
  const lastCounts: SyncCounts | null = telemetry ? { created: 0, updated: 2, seen: 2, telemetry } : null;
  return {
    organizationId: ORGANIZATION_ID,
    accountId: ACCOUNT_ID,
    roleArn: ROLE_ARN,
    externalId: EXTERNAL_ID,
    regions: [] as string[],
    configuredBy: CONFIGURED_BY,
    lastCounts,
  } as AwsIntegration;
}

class RecordingSink implements TelemetrySink {
  readonly calls: { tenant: SyncTenant; samples: CollectedTelemetrySample[] }[] = [];

  async publish(tenant: SyncTenant, samples: CollectedTelemetrySample[]): Promise<void> {
    this.calls.push({ tenant, samples });
  }

  get samples(): CollectedTelemetrySample[] {
    return this.calls.flatMap((call) => call.samples);
  }
}

const sts = mockClient(STSClient);
const cloudWatch = mockClient(CloudWatchClient);
const costExplorer = mockClient(CostExplorerClient);
let sink: RecordingSink;
/** GetMetricData requests as sent, with their region (the paginator reuses its input object: copied here). */
let metricRequests: (GetMetricDataCommandInput & { region: string })[];

async function run(
  instances: Record<string, string[]>,
  target = integration(),
  clock = () => NOW,
): Promise<TelemetryOutcome> {
  const connector = new AwsConnector(target);
  try {
    return await new Ec2TelemetrySync(sink, clock).run(connector, target, new Map(Object.entries(instances)));
  } finally {
    connector.destroy();
  }
}

/** Answers GetMetricData from pages keyed by NextToken ('' for the first), recording each request. */
function metricPages(pages: Record<string, ReturnType<typeof metricDataOutput>>): void {
  cloudWatch.on(GetMetricDataCommand).callsFake(async (input: GetMetricDataCommandInput, getClient) => {
    metricRequests.push({ ...input, region: await getClient().config.region() });
    return pages[input.NextToken ?? ''];
  });
}

const costInput = () =>
  costExplorer.commandCalls(GetCostAndUsageWithResourcesCommand).map((call) => call.args[0].input);

beforeEach(() => {
  sink = new RecordingSink();
  metricRequests = [];
  sts.reset();
  cloudWatch.reset();
  costExplorer.reset();
  sts.on(AssumeRoleCommand).resolves(ASSUME_ROLE_OUTPUT);
  cloudWatch.on(ListMetricsCommand).resolves(listMetricsOutput([]));
  costExplorer.on(GetCostAndUsageWithResourcesCommand).resolves(costOutput([]));
});

describe('Ec2TelemetrySync', () => {
  it('maps hourly CPU averages to samples on the hour, to the hundredth, with the agent memory where it reports', async () => {
    cloudWatch
      .on(ListMetricsCommand)
      .resolves(listMetricsOutput([agentMemoryMetric(WEB), agentMemoryMetric('i-0ffffffffffff0099')]));
    metricPages({
      '': metricDataOutput([
        metricResult('cpu0', 'CPUUtilization', [
          ['2026-11-20T08:00:00Z', 12.345833333333333],
          // The agent and CloudWatch round: a hair over 100 is 100.
          ['2026-11-20T09:00:00Z', 100.00000000000001],
        ]),
        metricResult('mem0', 'mem_used_percent', [['2026-11-20T08:00:00Z', 41.29765033721924]]),
        metricResult('cpu1', 'CPUUtilization', [['2026-11-20T09:00:00Z', 3.2166666666666663]]),
      ]),
    });

    const outcome = await run({ 'eu-west-1': [WEB, DB] });

    expect(sink.samples).toEqual([
      { externalId: WEB, hour: '2026-11-20T08:00:00.000Z', cpuUtil: 12.35, memUtil: 41.3 },
      { externalId: WEB, hour: '2026-11-20T09:00:00.000Z', cpuUtil: 100 },
      { externalId: DB, hour: '2026-11-20T09:00:00.000Z', cpuUtil: 3.22 },
    ]);
    expect(sink.calls.map((call) => call.tenant)).toEqual([
      { organizationId: ORGANIZATION_ID, accountId: ACCOUNT_ID, actorId: CONFIGURED_BY },
    ]);
    expect(outcome).toEqual({
      counts: { samples: 3, costsDropped: 0, collectedThrough: END },
      warning: null,
    });
    expect(cloudWatch.commandCalls(ListMetricsCommand).map((call) => call.args[0].input)).toEqual([
      { Namespace: 'CWAgent', MetricName: 'mem_used_percent', Dimensions: [{ Name: 'InstanceId' }] },
    ]);
    const cpuOf = (id: string) => ({
      Metric: { Namespace: 'AWS/EC2', MetricName: 'CPUUtilization', Dimensions: [{ Name: 'InstanceId', Value: id }] },
      Period: 3600,
      Stat: 'Average',
    });
    // The first run reaches back 14 days, up to the hour that is not over yet.
    expect(metricRequests).toEqual([
      {
        region: 'eu-west-1',
        StartTime: new Date(FIRST_RUN_START),
        EndTime: new Date(END),
        MetricDataQueries: [
          { Id: 'cpu0', MetricStat: cpuOf(WEB) },
          // The memory metric with the agent's own dimensions, as listed: memory is skipped where it is absent.
          { Id: 'mem0', MetricStat: { Metric: agentMemoryMetric(WEB), Period: 3600, Stat: 'Average' } },
          { Id: 'cpu1', MetricStat: cpuOf(DB) },
        ],
      },
    ]);
  });

  it("merges each instance-hour's cost into its CPU sample; a cost without a CPU sample is dropped and counted", async () => {
    metricPages({
      '': metricDataOutput([
        metricResult('cpu0', 'CPUUtilization', [
          ['2026-11-20T08:00:00Z', 20.5],
          ['2026-11-20T09:00:00Z', 30.25],
        ]),
        metricResult('cpu1', 'CPUUtilization', [['2026-11-20T09:00:00Z', 7]]),
      ]),
    });
    costExplorer.on(GetCostAndUsageWithResourcesCommand).resolves(
      costOutput([
        [
          '2026-11-20T08:00:00Z',
          [
            [WEB, '0.0960000000'],
            // DB was stopped at 08:00 (no CPU average) but billed its last seconds; the other was terminated.
            [DB, '0.0026666667'],
            ['i-0ddddddddddddd0042', '0.0416000000'],
          ],
        ],
        [
          '2026-11-20T09:00:00Z',
          [
            [WEB, '0.0960000000'],
            // A refund line: a sample's cost is 0 or more.
            [DB, '-0.0104000000'],
          ],
        ],
      ]),
    );

    const outcome = await run({ 'eu-west-1': [WEB, DB] });

    expect(sink.samples).toEqual([
      { externalId: WEB, hour: '2026-11-20T08:00:00.000Z', cpuUtil: 20.5, cost: 0.096 },
      { externalId: WEB, hour: '2026-11-20T09:00:00.000Z', cpuUtil: 30.25, cost: 0.096 },
      { externalId: DB, hour: '2026-11-20T09:00:00.000Z', cpuUtil: 7 },
    ]);
    expect(outcome.counts).toEqual({ samples: 3, costsDropped: 3, collectedThrough: END });
    expect(costInput()).toEqual([
      {
        TimePeriod: { Start: '2026-11-06T11:00:00Z', End: '2026-11-20T10:00:00Z' },
        Granularity: 'HOURLY',
        Metrics: ['UnblendedCost'],
        GroupBy: [{ Type: 'DIMENSION', Key: 'RESOURCE_ID' }],
        Filter: { Dimensions: { Key: 'SERVICE', Values: ['Amazon Elastic Compute Cloud - Compute'] } },
      },
    ]);
  });

  it('follows the NextToken of ListMetrics and GetMetricData, and the NextPageToken of Cost Explorer', async () => {
    const listPages: Record<string, ReturnType<typeof listMetricsOutput>> = {
      '': listMetricsOutput([agentMemoryMetric('i-0eeeeeeeeeeee0001')], 'list-2'),
      'list-2': listMetricsOutput([agentMemoryMetric(WEB)]),
    };
    const listed: (string | undefined)[] = [];
    cloudWatch.on(ListMetricsCommand).callsFake(async (input: { NextToken?: string }) => {
      listed.push(input.NextToken);
      return listPages[input.NextToken ?? ''];
    });
    metricPages({
      '': metricDataOutput([metricResult('cpu0', 'CPUUtilization', [['2026-11-20T08:00:00Z', 10]])], 'data-2'),
      'data-2': metricDataOutput([
        metricResult('cpu0', 'CPUUtilization', [['2026-11-20T09:00:00Z', 11]]),
        metricResult('mem0', 'mem_used_percent', [['2026-11-20T09:00:00Z', 60]]),
      ]),
    });
    const costPages: Record<string, ReturnType<typeof costOutput>> = {
      '': costOutput([['2026-11-20T08:00:00Z', [[WEB, '0.0480000000']]]], 'cost-2'),
      'cost-2': costOutput([['2026-11-20T09:00:00Z', [[WEB, '0.0960000000']]]]),
    };
    costExplorer
      .on(GetCostAndUsageWithResourcesCommand)
      .callsFake(async (input: { NextPageToken?: string }) => costPages[input.NextPageToken ?? '']);

    await run({ 'eu-west-1': [WEB] });

    expect(sink.samples).toEqual([
      { externalId: WEB, hour: '2026-11-20T08:00:00.000Z', cpuUtil: 10, cost: 0.048 },
      { externalId: WEB, hour: '2026-11-20T09:00:00.000Z', cpuUtil: 11, memUtil: 60, cost: 0.096 },
    ]);
    expect(metricRequests.map((request) => request.NextToken)).toEqual([undefined, 'data-2']);
    expect(listed).toEqual([undefined, 'list-2']);
    expect(costInput().map((input) => input.NextPageToken)).toEqual([undefined, 'cost-2']);
  });

  it('asks GetMetricData for at most 250 instances (500 queries) at a time, publishing each batch', async () => {
    const ids = Array.from({ length: 600 }, (_, index) => `i-0${index.toString(16).padStart(16, '0')}`);
    cloudWatch.on(ListMetricsCommand).resolves(listMetricsOutput(ids.map((id) => agentMemoryMetric(id))));
    cloudWatch.on(GetMetricDataCommand).callsFake(async (input: GetMetricDataCommandInput) => {
      metricRequests.push({ ...input, region: 'eu-west-1' });
      return metricDataOutput(
        (input.MetricDataQueries ?? [])
          .filter((query) => query.Id?.startsWith('cpu'))
          .map((query) => metricResult(query.Id!, 'CPUUtilization', [['2026-11-20T09:00:00Z', 50]])),
      );
    });

    const outcome = await run({ 'eu-west-1': ids });

    expect(metricRequests.map((request) => request.MetricDataQueries?.length)).toEqual([500, 500, 200]);
    expect(sink.calls.map((call) => call.samples.length)).toEqual([250, 250, 100]);
    expect(new Set(sink.samples.map((sample) => sample.externalId)).size).toBe(600);
    expect(outcome.counts.samples).toBe(600);
  });

  it('asks again for the last 48 hours when Cost Explorer answers: their late costs replace the samples sent', async () => {
    metricPages({ '': metricDataOutput([]) });

    await run({ 'eu-west-1': [WEB] }, integration({ samples: 5, costsDropped: 0, collectedThrough: END }), () =>
      Date.parse('2026-11-20T11:05:00.000Z'),
    );

    expect(metricRequests.map((request) => [request.StartTime, request.EndTime])).toEqual([
      [new Date('2026-11-18T11:00:00.000Z'), new Date('2026-11-20T11:00:00.000Z')],
    ]);
    expect(costInput()[0].TimePeriod).toEqual({ Start: '2026-11-18T11:00:00Z', End: '2026-11-20T11:00:00Z' });
  });

  describe('Cost Explorer not enabled', () => {
    const refusals = [
      {
        error: new CostExplorerServiceException({
          name: 'AccessDeniedException',
          $fault: 'client',
          $metadata: { httpStatusCode: 400 },
          message: 'User not enabled for cost explorer access',
        }),
        warning: `The role ${ROLE_ARN} may not call ce:GetCostAndUsageWithResources (AccessDeniedException): allow ce:GetCostAndUsageWithResources in its policy, and turn on Cost Explorer's hourly, resource-level data. Costs were not collected; CPU utilization was.`,
      },
      {
        error: new DataUnavailableException({
          $metadata: { httpStatusCode: 400 },
          message: 'Data is not available. Please try to adjust the time period.',
        }),
        warning:
          'Cost Explorer answered DataUnavailableException: Data is not available. Please try to adjust the time period. Costs were not collected; CPU utilization was.',
      },
    ];

    it.each(refusals)(
      '$error.name: the CPU samples still go out, and the run says why costs are missing',
      async ({ error, warning }) => {
        costExplorer.on(GetCostAndUsageWithResourcesCommand).rejects(error);
        metricPages({
          '': metricDataOutput([metricResult('cpu0', 'CPUUtilization', [['2026-11-20T09:00:00Z', 42.424242]])]),
        });

        const outcome = await run({ 'eu-west-1': [WEB] });

        expect(sink.samples).toEqual([{ externalId: WEB, hour: '2026-11-20T09:00:00.000Z', cpuUtil: 42.42 }]);
        expect(outcome).toEqual({ counts: { samples: 1, costsDropped: 0, collectedThrough: END }, warning });
      },
    );

    it('sends only the new hours: re-sent settled hours would lose the costs stored with them', async () => {
      costExplorer.on(GetCostAndUsageWithResourcesCommand).rejects(refusals[0].error);
      metricPages({ '': metricDataOutput([]) });

      await run({ 'eu-west-1': [WEB] }, integration({ samples: 5, costsDropped: 0, collectedThrough: END }), () =>
        Date.parse('2026-11-20T12:30:00.000Z'),
      );

      expect(metricRequests.map((request) => [request.StartTime, request.EndTime])).toEqual([
        [new Date(END), new Date('2026-11-20T12:00:00.000Z')],
      ]);
    });
  });

  it('a region whose CloudWatch refuses the role is skipped with the reason; the other regions are collected', async () => {
    cloudWatch.on(GetMetricDataCommand).callsFake(async (_, getClient) => {
      if ((await getClient().config.region()) === 'eu-west-1')
        throw new CloudWatchServiceException({
          name: 'AccessDenied',
          $fault: 'client',
          $metadata: { httpStatusCode: 403 },
          message: `User: arn:aws:sts::210987654321:assumed-role/infra-analytics-read is not authorized to perform: cloudwatch:GetMetricData`,
        });
      return metricDataOutput([metricResult('cpu0', 'CPUUtilization', [['2026-11-20T09:00:00Z', 5]])]);
    });

    const outcome = await run({ 'eu-west-1': [WEB], 'us-east-1': [DB] });

    expect(sink.samples).toEqual([{ externalId: DB, hour: '2026-11-20T09:00:00.000Z', cpuUtil: 5 }]);
    expect(outcome.warning).toBe(
      `The role ${ROLE_ARN} may not call cloudwatch:GetMetricData in eu-west-1 (AccessDenied): allow cloudwatch:ListMetrics and cloudwatch:GetMetricData in its policy. CPU utilization was not collected in eu-west-1.`,
    );
  });

  it('asks nothing of CloudWatch or Cost Explorer (billed per request) for an account without instances', async () => {
    const outcome = await run({ 'eu-west-1': [], 'us-east-1': [] });

    expect([cloudWatch.calls(), costExplorer.calls()]).toEqual([[], []]);
    expect(outcome).toEqual({ counts: { samples: 0, costsDropped: 0, collectedThrough: END }, warning: null });
  });

  it('throttling left after the SDK retries fails the run (the job retries it)', async () => {
    const throttled = new CloudWatchServiceException({
      name: 'ThrottlingException',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
      message: 'Rate exceeded',
    });
    cloudWatch.on(GetMetricDataCommand).rejects(throttled);

    await expect(run({ 'eu-west-1': [WEB] })).rejects.toBe(throttled);
  });
});
