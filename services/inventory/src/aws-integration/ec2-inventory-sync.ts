import {
  type EC2Client,
  type Instance,
  type InstanceTypeInfo,
  DescribeRegionsCommand,
  paginateDescribeInstances,
  paginateDescribeInstanceTypes,
  type _InstanceType,
} from '@aws-sdk/client-ec2';
import { Inject, Injectable } from '@nestjs/common';
import { type AssetUpsertItem, INVENTORY_LIMITS } from '@infra/contracts';
import { ASSET_SINK, type AssetSink, type SyncTenant } from './asset-sink';
import type { AwsConnector } from './aws-connector';
import { awsAccessError } from './aws-errors';
import type { AwsIntegration, SyncCounts } from './aws-integration.entity';
import { toAssetItem } from './ec2-asset-mapping';

/** DescribeInstances page size (its maximum). */
const INSTANCES_PER_PAGE = 1000;
/** DescribeInstanceTypes takes at most 100 instance types per call. */
const TYPES_PER_CALL = 100;

type IdentifiedInstance = Instance & { InstanceId: string };

/** Collects assets and writes them in batches the assets feature accepts, adding up what it reports. */
class AssetBatches {
  private pending: AssetUpsertItem[] = [];
  readonly counts: SyncCounts = { created: 0, updated: 0, seen: 0 };

  constructor(
    private readonly sink: AssetSink,
    private readonly tenant: SyncTenant,
  ) {}

  async add(item: AssetUpsertItem): Promise<void> {
    this.pending.push(item);
    if (this.pending.length >= INVENTORY_LIMITS.upsertBatchMax) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const result = await this.sink.upsertForOrganization(this.tenant, batch);
    this.counts.created += result.created;
    this.counts.updated += result.updated;
    this.counts.seen += batch.length;
  }
}

/** What an inventory run did, and the instance ids it synced by region (the telemetry feed asks for those). */
export interface Ec2SyncResult {
  counts: SyncCounts;
  instances: Map<string, string[]>;
}

/**
 * One run of the EC2 inventory of an integration: every instance of every region (the configured ones, else those
 * EC2 reports as enabled), described with its instance type, upserted as the organization's assets.
 */
@Injectable()
export class Ec2InventorySync {
  constructor(@Inject(ASSET_SINK) private readonly sink: AssetSink) {}

  /** `connector`: the integration's, owned by the caller (the telemetry feed goes on with its session). */
  async run(connector: AwsConnector, integration: AwsIntegration): Promise<Ec2SyncResult> {
    // Assume the role before anything else: a refused role fails the run with its own clear error.
    await connector.credentials();
    const batches = new AssetBatches(this.sink, {
      organizationId: integration.organizationId,
      accountId: integration.accountId,
      actorId: integration.configuredBy,
    });
    // Instance types are the same everywhere: described once per run, in the first region that has them.
    const types = new Map<string, InstanceTypeInfo | undefined>();
    // An instance changing state while pages are read can be listed twice; the assets feature wants it once.
    const written = new Set<string>();
    const instances = new Map<string, string[]>();
    const regions = integration.regions.length > 0 ? integration.regions : await this.enabledRegions(connector);
    for (const region of regions) {
      const ec2 = connector.ec2(region);
      const ids: string[] = [];
      instances.set(region, ids);
      for await (const page of this.instancePages(ec2, integration.roleArn, region)) {
        await this.describeTypes(ec2, integration.roleArn, region, page, types);
        for (const instance of page) {
          if (written.has(instance.InstanceId)) continue;
          written.add(instance.InstanceId);
          ids.push(instance.InstanceId);
          const type = instance.InstanceType ? types.get(instance.InstanceType) : undefined;
          await batches.add(toAssetItem(instance, type, region));
        }
      }
    }
    await batches.flush();
    return { counts: batches.counts, instances };
  }

  private async enabledRegions(connector: AwsConnector): Promise<string[]> {
    const { Regions } = await this.call(connector.homeRegion, 'ec2:DescribeRegions', connector.role.roleArn, () =>
      connector.ec2(connector.homeRegion).send(new DescribeRegionsCommand({})),
    );
    return (Regions ?? []).flatMap((region) => (region.RegionName ? [region.RegionName] : []));
  }

  /** Every page of DescribeInstances in a region (the paginator follows NextToken). */
  private async *instancePages(ec2: EC2Client, roleArn: string, region: string): AsyncGenerator<IdentifiedInstance[]> {
    const pages = paginateDescribeInstances({ client: ec2, pageSize: INSTANCES_PER_PAGE }, {});
    const iterator = pages[Symbol.asyncIterator]();
    for (;;) {
      const page = await this.call(region, 'ec2:DescribeInstances', roleArn, () => iterator.next());
      if (page.done) return;
      yield (page.value.Reservations ?? []).flatMap((reservation) =>
        (reservation.Instances ?? []).filter((instance): instance is IdentifiedInstance => !!instance.InstanceId),
      );
    }
  }

  /** Adds the types of these instances not described yet; a type EC2 does not describe maps to no attributes. */
  private async describeTypes(
    ec2: EC2Client,
    roleArn: string,
    region: string,
    instances: Instance[],
    types: Map<string, InstanceTypeInfo | undefined>,
  ): Promise<void> {
    const unknown = [
      ...new Set(instances.flatMap((instance) => (instance.InstanceType ? [instance.InstanceType] : []))),
    ].filter((type) => !types.has(type));
    for (let start = 0; start < unknown.length; start += TYPES_PER_CALL) {
      const chunk = unknown.slice(start, start + TYPES_PER_CALL);
      const pages = paginateDescribeInstanceTypes({ client: ec2 }, { InstanceTypes: chunk as _InstanceType[] });
      await this.call(region, 'ec2:DescribeInstanceTypes', roleArn, async () => {
        for await (const page of pages) {
          for (const info of page.InstanceTypes ?? []) if (info.InstanceType) types.set(info.InstanceType, info);
        }
      });
      for (const type of chunk) if (!types.has(type)) types.set(type, undefined);
    }
  }

  /** Runs one EC2 call, turning an access refusal into the clear AwsAccessError. */
  private async call<T>(region: string, call: string, roleArn: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw awsAccessError(error, { roleArn, call, region }) ?? error;
    }
  }
}
