import {
  DescribeInstancesCommand,
  DescribeInstanceTypesCommand,
  DescribeRegionsCommand,
  EC2Client,
  EC2ServiceException,
  type Instance,
} from '@aws-sdk/client-ec2';
import { AssumeRoleCommand, ExpiredTokenException, STSClient, STSServiceException } from '@aws-sdk/nested-clients/sts';
import { mockClient } from 'aws-sdk-client-mock';
import type { AssetUpsertItem, UpsertAssetsResponse } from '@infra/contracts';
import {
  ASSUME_ROLE_OUTPUT,
  EXTERNAL_ID,
  INSTANCE_TYPES,
  instance,
  instancesPage,
  instanceTypesOutput,
  REGIONS_OUTPUT,
  ROLE_ARN,
} from '../../test/fixtures/aws-ec2';
import type { AssetSink, SyncTenant } from './asset-sink';
import { AwsConnector } from './aws-connector';
import { AwsAccessError } from './aws-errors';
import type { AwsIntegration } from './aws-integration.entity';
import { Ec2InventorySync, type Ec2SyncResult } from './ec2-inventory-sync';

const ORGANIZATION_ID = '7d1f6c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';

function integration(regions: string[] = []): AwsIntegration {
  return {
    organizationId: ORGANIZATION_ID,
    accountId: '0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e',
    roleArn: ROLE_ARN,
    externalId: EXTERNAL_ID,
    regions,
    configuredBy: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  } as AwsIntegration;
}

/** The assets feature as the sync sees it: remembers external ids, rejects batches over its limit. */
class RecordingSink implements AssetSink {
  readonly batches: AssetUpsertItem[][] = [];
  readonly tenants: SyncTenant[] = [];
  private readonly known = new Set<string>();

  constructor(existing: string[] = []) {
    existing.forEach((id) => this.known.add(id));
  }

  async upsertForOrganization(tenant: SyncTenant, items: AssetUpsertItem[]): Promise<UpsertAssetsResponse> {
    if (items.length > 1000) throw new Error('batch too large');
    this.tenants.push(tenant);
    this.batches.push(items);
    const results = items.map((item) => {
      const created = !this.known.has(item.externalId);
      this.known.add(item.externalId);
      return { externalId: item.externalId, id: `asset-${item.externalId}`, created };
    });
    return {
      created: results.filter((result) => result.created).length,
      updated: results.filter((result) => !result.created).length,
      results,
    };
  }

  get items(): AssetUpsertItem[] {
    return this.batches.flat();
  }
}

/** One run on its own connector, as the job does it. */
async function sync(sink: AssetSink, target: AwsIntegration): Promise<Ec2SyncResult> {
  const connector = new AwsConnector(target);
  try {
    return await new Ec2InventorySync(sink).run(connector, target);
  } finally {
    connector.destroy();
  }
}

const sts = mockClient(STSClient);
const ec2 = mockClient(EC2Client);

const running = (id: string, type = 'm5.large', zone = 'eu-west-1a') => instance({ id, type, zone, state: 'running' });
const many = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => running(`i-${prefix}${index.toString(16).padStart(12, '0')}`));

/** DescribeInstances requests as sent (the paginator reuses its input object, so calls are copied here). */
let listed: { region: string; maxResults?: number; nextToken?: string }[] = [];

/** Answers DescribeInstances per region of the calling client; each region's list is paged by NextToken. */
function instancesByRegion(pages: Record<string, Instance[][]>): void {
  ec2.on(DescribeInstancesCommand).callsFake(async (input: { NextToken?: string; MaxResults?: number }, getClient) => {
    const region = await getClient().config.region();
    listed.push({ region, maxResults: input.MaxResults, ...(input.NextToken ? { nextToken: input.NextToken } : {}) });
    const regionPages = pages[region] ?? [[]];
    const index = input.NextToken ? Number(input.NextToken.split('/')[1]) : 0;
    const next = index + 1 < regionPages.length ? `${region}/${index + 1}` : undefined;
    return instancesPage(regionPages[index], next);
  });
}

beforeEach(() => {
  listed = [];
  sts.reset();
  ec2.reset();
  sts.on(AssumeRoleCommand).resolves(ASSUME_ROLE_OUTPUT);
  ec2.on(DescribeRegionsCommand).resolves(REGIONS_OUTPUT);
  ec2
    .on(DescribeInstanceTypesCommand)
    .callsFake(async (input: { InstanceTypes: string[] }) =>
      instanceTypesOutput(INSTANCE_TYPES.filter((type) => input.InstanceTypes.includes(type.InstanceType ?? ''))),
    );
});

describe('Ec2InventorySync', () => {
  it('assumes the role with the external id and a session name of the organization', async () => {
    instancesByRegion({});
    await sync(new RecordingSink(), integration(['eu-west-1']));

    expect(sts.commandCalls(AssumeRoleCommand).map((call) => call.args[0].input)).toEqual([
      {
        RoleArn: ROLE_ARN,
        ExternalId: EXTERNAL_ID,
        RoleSessionName: `infra-analytics-${ORGANIZATION_ID}`,
        DurationSeconds: 3600,
      },
    ]);
  });

  it('reads every page of every enabled region and writes batches of at most 1000', async () => {
    const ireland = [many('0a', 1000), many('0b', 1000), many('0c', 700)];
    const virginia = [[running('i-0d00000000000001', 'c6g.xlarge', 'us-east-1b')]];
    instancesByRegion({ 'eu-west-1': ireland, 'us-east-1': virginia });
    const sink = new RecordingSink(['i-0a000000000000', 'i-0a000000000001']);

    const { counts, instances } = await sync(sink, integration());

    expect(ec2.commandCalls(DescribeRegionsCommand)).toHaveLength(1);
    expect(listed).toEqual([
      { region: 'eu-west-1', maxResults: 1000 },
      { region: 'eu-west-1', maxResults: 1000, nextToken: 'eu-west-1/1' },
      { region: 'eu-west-1', maxResults: 1000, nextToken: 'eu-west-1/2' },
      { region: 'us-east-1', maxResults: 1000 },
    ]);
    expect(sink.batches.map((batch) => batch.length)).toEqual([1000, 1000, 701]);
    expect(new Set(sink.items.map((item) => item.externalId)).size).toBe(2701);
    expect(counts).toEqual({ created: 2699, updated: 2, seen: 2701 });
    // The telemetry feed asks each region's CloudWatch for the instances synced there.
    expect([...instances].map(([region, ids]) => [region, ids.length])).toEqual([
      ['eu-west-1', 2700],
      ['us-east-1', 1],
    ]);
    expect(sink.tenants[0]).toEqual({
      organizationId: ORGANIZATION_ID,
      accountId: '0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e',
      actorId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    });
  });

  it('syncs only the configured regions, without asking EC2 for the enabled ones', async () => {
    instancesByRegion({ 'ap-southeast-2': [[running('i-0e00000000000001', 'm5.large', 'ap-southeast-2c')]] });
    const sink = new RecordingSink();

    await sync(sink, integration(['ap-southeast-2']));

    expect(ec2.commandCalls(DescribeRegionsCommand)).toHaveLength(0);
    expect(sink.items.map((item) => [item.externalId, item.site])).toEqual([['i-0e00000000000001', 'ap-southeast-2c']]);
  });

  it('maps instance types to the asset attributes', async () => {
    instancesByRegion({
      'eu-west-1': [
        [
          instance({ id: 'i-01', type: 'm5.large', zone: 'eu-west-1a', state: 'running', name: ' api-1 ' }),
          instance({ id: 'i-02', type: 'c6g.xlarge', zone: 'eu-west-1b', state: 'running', lifecycle: 'spot' }),
          instance({ id: 'i-03', type: 'i3en.2xlarge', zone: 'eu-west-1c', state: 'stopped', name: 'db-1' }),
          instance({ id: 'i-04', type: 't2.micro', zone: 'eu-west-1a', state: 'pending', name: '' }),
          instance({ id: 'i-05', type: 'x9z.large', zone: 'eu-west-1a', state: 'terminated' }),
        ],
      ],
    });
    const sink = new RecordingSink();

    await sync(sink, integration(['eu-west-1']));

    expect(sink.items).toEqual([
      {
        externalId: 'i-01',
        name: 'api-1',
        status: 'active',
        instance_type: 'm5.large',
        site: 'eu-west-1a',
        instance_lifecycle: 'on-demand',
        cpu_cores: 2,
        memory: 8,
        physical_processor: 'Intel x86_64',
        cpu_speed: 3.1,
        network_speed: 'Up to 10 Gigabit',
        network_bandwidth_max: 10,
        current_generation: true,
        storage: 'EBS only',
        storage_throughput: 593.75,
      },
      expect.objectContaining({
        externalId: 'i-02',
        name: 'i-02',
        instance_lifecycle: 'spot',
        cpu_cores: 4,
        physical_processor: 'AWS arm64',
        cpu_speed: 2.5,
        network_bandwidth_max: 10,
      }),
      expect.objectContaining({
        externalId: 'i-03',
        status: 'offline',
        memory: 64,
        storage: '2 x 2500 GB NVMe SSD',
        network_speed: 'Up to 25 Gigabit',
        network_bandwidth_max: 8.4,
      }),
      expect.objectContaining({
        externalId: 'i-04',
        name: 'i-04',
        status: 'pending',
        memory: 1,
        current_generation: false,
        physical_processor: 'Intel i386/x86_64',
        network_bandwidth_max: null,
        storage_throughput: null,
      }),
      // A type EC2 does not describe: the instance is still an asset, without type attributes.
      {
        externalId: 'i-05',
        name: 'i-05',
        status: 'archived',
        instance_type: 'x9z.large',
        site: 'eu-west-1a',
        instance_lifecycle: 'on-demand',
      },
    ]);
    const described = ec2.commandCalls(DescribeInstanceTypesCommand).map((call) => call.args[0].input.InstanceTypes);
    expect(described).toEqual([['m5.large', 'c6g.xlarge', 'i3en.2xlarge', 't2.micro', 'x9z.large']]);
  });

  it('describes each instance type once per run, at most 100 per call', async () => {
    const types = Array.from({ length: 150 }, (_, index) => `m${index}.large`);
    instancesByRegion({
      'eu-west-1': [types.map((type, index) => running(`i-1${index}`, type))],
      'us-east-1': [types.slice(0, 10).map((type, index) => running(`i-2${index}`, type, 'us-east-1a'))],
    });

    await sync(new RecordingSink(), integration(['eu-west-1', 'us-east-1']));

    const calls = ec2.commandCalls(DescribeInstanceTypesCommand).map((call) => call.args[0].input.InstanceTypes);
    expect(calls.map((call) => call?.length)).toEqual([100, 50]);
  });

  it('writes an instance listed twice (it changed state between pages) once', async () => {
    instancesByRegion({
      'eu-west-1': [
        [instance({ id: 'i-07', type: 'm5.large', zone: 'eu-west-1a', state: 'pending' })],
        [instance({ id: 'i-07', type: 'm5.large', zone: 'eu-west-1a', state: 'running' })],
      ],
    });
    const sink = new RecordingSink();

    const { counts } = await sync(sink, integration(['eu-west-1']));

    expect(sink.items.map((item) => item.externalId)).toEqual(['i-07']);
    expect(counts.seen).toBe(1);
  });

  describe('access refused', () => {
    const stsMetadata = { httpStatusCode: 403, requestId: 'c2d3e4f5-a6b7-4c8d-9e0f-a1b2c3d4e5f6' };

    it('AccessDenied on AssumeRole: a clear AwsAccessError, and no EC2 call', async () => {
      sts.on(AssumeRoleCommand).rejects(
        new STSServiceException({
          name: 'AccessDenied',
          $fault: 'client',
          $metadata: stsMetadata,
          message: `User: arn:aws:iam::111122223333:user/infra-analytics is not authorized to perform: sts:AssumeRole on resource: ${ROLE_ARN}`,
        }),
      );

      const run = sync(new RecordingSink(), integration());

      await expect(run).rejects.toBeInstanceOf(AwsAccessError);
      await expect(run).rejects.toThrow(
        `AWS denied assuming ${ROLE_ARN} (AccessDenied): check that the role's trust policy allows this product's AWS account and requires exactly this external id.`,
      );
      expect(ec2.calls()).toHaveLength(0);
    });

    it('expired credentials on AssumeRole: a clear AwsAccessError', async () => {
      sts.on(AssumeRoleCommand).rejects(
        new ExpiredTokenException({
          $metadata: { ...stsMetadata, httpStatusCode: 400 },
          message: 'The security token included in the request is expired',
        }),
      );

      await expect(sync(new RecordingSink(), integration())).rejects.toThrow(
        new AwsAccessError(
          'ExpiredTokenException',
          `AWS rejected the credentials used to assume ${ROLE_ARN} (ExpiredTokenException: expired or invalid). The sync resumes once they are renewed.`,
        ),
      );
    });

    it('UnauthorizedOperation on DescribeInstances: names the call, the region and what to allow', async () => {
      ec2.on(DescribeInstancesCommand).rejects(
        new EC2ServiceException({
          name: 'UnauthorizedOperation',
          $fault: 'client',
          $metadata: stsMetadata,
          message: 'You are not authorized to perform this operation.',
        }),
      );

      await expect(sync(new RecordingSink(), integration(['eu-west-1']))).rejects.toThrow(
        `The role ${ROLE_ARN} may not call ec2:DescribeInstances in eu-west-1 (UnauthorizedOperation): allow ec2:DescribeRegions, ec2:DescribeInstances and ec2:DescribeInstanceTypes in its policy.`,
      );
    });

    it('a throttling error left after the SDK retries is not an access error (the job retries it)', async () => {
      const throttled = new EC2ServiceException({
        name: 'RequestLimitExceeded',
        $fault: 'client',
        $metadata: { httpStatusCode: 503 },
        message: 'Request limit exceeded.',
      });
      ec2.on(DescribeInstancesCommand).rejects(throttled);

      await expect(sync(new RecordingSink(), integration(['eu-west-1']))).rejects.toBe(throttled);
    });
  });
});
