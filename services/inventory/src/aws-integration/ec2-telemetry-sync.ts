import {
  type CloudWatchClient,
  type Metric,
  type MetricDataQuery,
  paginateGetMetricData,
  paginateListMetrics,
} from '@aws-sdk/client-cloudwatch';
import { GetCostAndUsageWithResourcesCommand } from '@aws-sdk/client-cost-explorer';
import { Logger } from '@nestjs/common';
import type { SyncTenant } from './asset-sink';
import type { AwsConnector } from './aws-connector';
import { type AwsCallContext, AwsAccessError, awsAccessError } from './aws-errors';
import type { AwsIntegration, TelemetryCounts } from './aws-integration.entity';
import {
  addCosts,
  addDatapoints,
  cpuQueryId,
  type Hourly,
  HOUR_MS,
  memoryQueryId,
  telemetryWindow,
  type TelemetryWindow,
  toSamples,
} from './ec2-telemetry-mapping';
import type { TelemetrySink } from './telemetry-sink';

/** GetMetricData takes at most 500 queries; an instance takes two (CPU, memory). */
const INSTANCES_PER_CALL = 250;
/** Cost Explorer's name of EC2 instance hours (GetCostAndUsageWithResources requires this filter). */
const EC2_COMPUTE = 'Amazon Elastic Compute Cloud - Compute';
/** The CloudWatch agent's memory metric: present only where the customer runs the agent. */
const AGENT_MEMORY = { namespace: 'CWAgent', name: 'mem_used_percent' };

export interface TelemetryOutcome {
  counts: TelemetryCounts;
  /** What could not be collected (costs, a region), for the Admin; null when everything was. */
  warning: string | null;
}

/** Cost Explorer's hourly time format: no milliseconds. */
const costTime = (hour: number): string => new Date(hour).toISOString().replace('.000Z', 'Z');

/** Every page of a CloudWatch paginator, an access refusal turned into the clear AwsAccessError. */
async function* checkedPages<T>(pages: AsyncIterable<T>, context: AwsCallContext): AsyncGenerator<T> {
  const iterator = pages[Symbol.asyncIterator]();
  for (;;) {
    let page: IteratorResult<T>;
    try {
      page = await iterator.next();
    } catch (error) {
      throw awsAccessError(error, context) ?? error;
    }
    if (page.done) return;
    yield page.value;
  }
}

/** What the Admin reads when Cost Explorer failed: the CPU feed went on without costs. */
function costWarning(error: unknown, roleArn: string): string {
  const refused = awsAccessError(error, { roleArn, call: 'ce:GetCostAndUsageWithResources' });
  const why = refused
    ? refused.message
    : error instanceof Error && '$metadata' in error
      ? `Cost Explorer answered ${error.name}: ${error.message}`
      : 'Cost Explorer could not be read; the operators have the details in the logs.';
  return `${why} Costs were not collected; CPU utilization was.`;
}

/**
 * The telemetry feed of an integration, after its EC2 inventory: the hourly CloudWatch CPU average (and the agent's
 * memory, where it runs) of the synced instances, with each instance-hour's Cost Explorer cost, sent as samples by
 * instance id (the assets' external id). Constructed by the sync job, which owns the connector and the sink.
 */
export class Ec2TelemetrySync {
  private readonly logger = new Logger(Ec2TelemetrySync.name);

  constructor(
    private readonly sink: TelemetrySink,
    private readonly clock: () => number = Date.now,
  ) {}

  /** `instances`: the instance ids the inventory run synced, by region. */
  async run(
    connector: AwsConnector,
    integration: AwsIntegration,
    instances: ReadonlyMap<string, readonly string[]>,
  ): Promise<TelemetryOutcome> {
    const window = telemetryWindow(this.clock(), integration.lastCounts?.telemetry?.collectedThrough);
    const tenant: SyncTenant = {
      organizationId: integration.organizationId,
      accountId: integration.accountId,
      actorId: integration.configuredBy,
    };
    const warnings: string[] = [];
    const counts: TelemetryCounts = {
      samples: 0,
      costsDropped: 0,
      collectedThrough: new Date(window.end).toISOString(),
    };
    // Cost Explorer bills each request: nothing is asked for an account without instances.
    if ([...instances.values()].every((ids) => ids.length === 0)) return { counts, warning: null };
    let costs: Map<string, Hourly> | undefined;
    try {
      const read = await this.readCosts(connector, window);
      costs = read.costs;
      counts.costsDropped = read.left;
    } catch (error) {
      warnings.push(costWarning(error, integration.roleArn));
      this.logger.warn({ organizationId: integration.organizationId, err: error }, 'Cost Explorer failed');
    }
    // Without costs only the new hours go out: re-sent settled hours would replace their stored costs with none.
    const from = costs ? window.start : window.newFrom;
    for (const [region, ids] of instances) {
      if (from >= window.end || ids.length === 0) continue;
      try {
        counts.samples += await this.region(connector, tenant, region, ids, { from, end: window.end }, costs);
      } catch (error) {
        if (!(error instanceof AwsAccessError)) throw error;
        // One refused region (a policy or SCP) leaves the inventory and the other regions' telemetry standing.
        warnings.push(`${error.message} CPU utilization was not collected in ${region}.`);
      }
    }
    for (const left of costs?.values() ?? []) counts.costsDropped += left.size;
    return { counts, warning: warnings.length > 0 ? warnings.join(' ') : null };
  }

  /** The hourly EC2 compute cost per resource (instance id), and how many costs were left out. */
  private async readCosts(
    connector: AwsConnector,
    window: TelemetryWindow,
  ): Promise<{ costs: Map<string, Hourly>; left: number }> {
    const costs = new Map<string, Hourly>();
    let left = 0;
    let token: string | undefined;
    do {
      const page = await connector.costExplorer().send(
        new GetCostAndUsageWithResourcesCommand({
          TimePeriod: { Start: costTime(window.start), End: costTime(window.end) },
          Granularity: 'HOURLY',
          Metrics: ['UnblendedCost'],
          GroupBy: [{ Type: 'DIMENSION', Key: 'RESOURCE_ID' }],
          Filter: { Dimensions: { Key: 'SERVICE', Values: [EC2_COMPUTE] } },
          NextPageToken: token,
        }),
      );
      left += addCosts(costs, page.ResultsByTime ?? []);
      token = page.NextPageToken;
    } while (token);
    return { costs, left };
  }

  /** The samples of one region's instances, published per GetMetricData batch; returns how many. */
  private async region(
    connector: AwsConnector,
    tenant: SyncTenant,
    region: string,
    ids: readonly string[],
    hours: { from: number; end: number },
    costs: Map<string, Hourly> | undefined,
  ): Promise<number> {
    const cloudWatch = connector.cloudWatch(region);
    const roleArn = connector.role.roleArn;
    const memory = await this.memoryMetrics(cloudWatch, { roleArn, region, call: 'cloudwatch:ListMetrics' }, ids);
    let published = 0;
    for (let start = 0; start < ids.length; start += INSTANCES_PER_CALL) {
      const batch = ids.slice(start, start + INSTANCES_PER_CALL);
      const queries = batch.flatMap((id, index): MetricDataQuery[] => {
        const cpu: Metric = {
          Namespace: 'AWS/EC2',
          MetricName: 'CPUUtilization',
          Dimensions: [{ Name: 'InstanceId', Value: id }],
        };
        const mem = memory.get(id);
        return [
          { Id: cpuQueryId(index), MetricStat: { Metric: cpu, Period: HOUR_MS / 1000, Stat: 'Average' } },
          ...(mem
            ? [{ Id: memoryQueryId(index), MetricStat: { Metric: mem, Period: HOUR_MS / 1000, Stat: 'Average' } }]
            : []),
        ];
      });
      const datapoints = new Map<string, Hourly>();
      const pages = paginateGetMetricData(
        { client: cloudWatch },
        { MetricDataQueries: queries, StartTime: new Date(hours.from), EndTime: new Date(hours.end) },
      );
      for await (const page of checkedPages(pages, { roleArn, region, call: 'cloudwatch:GetMetricData' }))
        addDatapoints(datapoints, page.MetricDataResults ?? []);
      const samples = toSamples(batch, datapoints, costs);
      await this.sink.publish(tenant, samples);
      published += samples.length;
    }
    return published;
  }

  /**
   * The agent's memory metric of each instance that has one. Its dimensions are the agent's choice (InstanceId, often
   * with ImageId and InstanceType), and GetMetricData needs them exactly: they are listed, not guessed.
   */
  private async memoryMetrics(
    cloudWatch: CloudWatchClient,
    context: AwsCallContext,
    ids: readonly string[],
  ): Promise<Map<string, Metric>> {
    const wanted = new Set(ids);
    const metrics = new Map<string, Metric>();
    const pages = paginateListMetrics(
      { client: cloudWatch },
      { Namespace: AGENT_MEMORY.namespace, MetricName: AGENT_MEMORY.name, Dimensions: [{ Name: 'InstanceId' }] },
    );
    for await (const page of checkedPages(pages, context))
      for (const metric of page.Metrics ?? []) {
        const id = metric.Dimensions?.find((dimension) => dimension.Name === 'InstanceId')?.Value;
        if (id && wanted.has(id) && !metrics.has(id)) metrics.set(id, metric);
      }
    return metrics;
  }
}
