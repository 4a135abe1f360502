// Shapes as the SDK returns them (recorded from CloudWatch GetMetricData / ListMetrics and Cost Explorer
// GetCostAndUsageWithResources; instance ids, account ids and request ids replaced, amounts and averages kept).
import type {
  GetMetricDataCommandOutput,
  ListMetricsCommandOutput,
  Metric,
  MetricDataResult,
} from '@aws-sdk/client-cloudwatch';
import type { GetCostAndUsageWithResourcesCommandOutput } from '@aws-sdk/client-cost-explorer';

const metadata = (requestId: string) => ({ httpStatusCode: 200, requestId, attempts: 1, totalRetryDelay: 0 });

/** The CloudWatch agent's memory metric with its default dimensions (GetMetricData needs them all). */
export function agentMemoryMetric(instanceId: string, type = 'm5.large'): Metric {
  return {
    Namespace: 'CWAgent',
    MetricName: 'mem_used_percent',
    Dimensions: [
      { Name: 'InstanceId', Value: instanceId },
      { Name: 'ImageId', Value: 'ami-0c1c30571d2dae5c9' },
      { Name: 'InstanceType', Value: type },
    ],
  };
}

export function listMetricsOutput(metrics: Metric[], nextToken?: string): ListMetricsCommandOutput {
  return {
    $metadata: metadata('6f1d2c3b-4a59-4e8f-9d7c-6b5a4f3e2d1c'),
    Metrics: metrics,
    ...(nextToken ? { NextToken: nextToken } : {}),
  };
}

/** One query's datapoints as CloudWatch answers them: newest first (TimestampDescending, its default). */
export function metricResult(id: string, label: string, points: [hour: string, value: number][]): MetricDataResult {
  const newestFirst = [...points].sort(([a], [b]) => b.localeCompare(a));
  return {
    Id: id,
    Label: label,
    Timestamps: newestFirst.map(([hour]) => new Date(hour)),
    Values: newestFirst.map(([, value]) => value),
    StatusCode: 'Complete',
  };
}

export function metricDataOutput(results: MetricDataResult[], nextToken?: string): GetMetricDataCommandOutput {
  return {
    $metadata: metadata('0e9d8c7b-6a5f-4e4d-8c3b-2a1f0e9d8c7b'),
    // A page cut short by the datapoint limit says so per query, and carries the token of the rest.
    MetricDataResults: nextToken ? results.map((result) => ({ ...result, StatusCode: 'PartialData' })) : results,
    Messages: [],
    ...(nextToken ? { NextToken: nextToken } : {}),
  };
}

/** Hourly EC2 compute costs grouped by resource: `[hour start, [[resource id, UnblendedCost amount]]]`. */
export function costOutput(
  hours: [start: string, groups: [resource: string, amount: string][]][],
  nextPageToken?: string,
): GetCostAndUsageWithResourcesCommandOutput {
  return {
    $metadata: metadata('c4b3a291-8f7e-4d6c-95b4-a3f2e1d0c9b8'),
    GroupDefinitions: [{ Type: 'DIMENSION', Key: 'RESOURCE_ID' }],
    ResultsByTime: hours.map(([start, groups]) => ({
      TimePeriod: { Start: start, End: new Date(Date.parse(start) + 3_600_000).toISOString().replace('.000Z', 'Z') },
      Total: {},
      Groups: groups.map(([resource, amount]) => ({
        Keys: [resource],
        Metrics: { UnblendedCost: { Amount: amount, Unit: 'USD' } },
      })),
      Estimated: true,
    })),
    DimensionValueAttributes: [],
    ...(nextPageToken ? { NextPageToken: nextPageToken } : {}),
  };
}
