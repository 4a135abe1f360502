import type { Instance, InstanceStateName, InstanceTypeInfo } from '@aws-sdk/client-ec2';
import { type AssetStatus, type AssetUpsertItem, INVENTORY_LIMITS } from '@infra/contracts';

/** The asset status of an EC2 instance state; undefined (keep the asset's status) for a state EC2 adds later. */
export function assetStatusOf(state: InstanceStateName | undefined): AssetStatus | undefined {
  switch (state) {
    case 'running':
      return 'active';
    case 'stopping':
    case 'stopped':
      return 'offline';
    case 'pending':
      return 'pending';
    case 'shutting-down':
    case 'terminated':
      return 'archived';
    case undefined:
      return undefined;
  }
}

/** "EBS only", or the instance store disks, e.g. "2 x 1900 GB NVMe SSD". */
export function storageOf(type: InstanceTypeInfo): string {
  const disks = type.InstanceStorageInfo?.Disks ?? [];
  if (!type.InstanceStorageSupported || disks.length === 0) return 'EBS only';
  const nvme = type.InstanceStorageInfo?.NvmeSupport === 'required' ? 'NVMe ' : '';
  return disks
    .map((disk) => `${disk.Count ?? 1} x ${disk.SizeInGB ?? 0} GB ${nvme}${(disk.Type ?? '').toUpperCase()}`.trim())
    .join(' + ');
}

/** EC2 names the manufacturer (Intel, AMD, AWS) and the architectures, not the processor model. */
export function physicalProcessorOf(type: InstanceTypeInfo): string | null {
  const manufacturer = type.ProcessorInfo?.Manufacturer;
  const architectures = (type.ProcessorInfo?.SupportedArchitectures ?? []).join('/');
  const text = [manufacturer, architectures].filter(Boolean).join(' ');
  return text || null;
}

/** The spec's attributes of an instance type (null when EC2 did not describe it). */
function typeAttributes(type: InstanceTypeInfo | undefined): Partial<AssetUpsertItem> {
  if (!type) return {};
  const networkCard = type.NetworkInfo?.NetworkCards?.[0];
  const memoryMiB = type.MemoryInfo?.SizeInMiB;
  return {
    cpu_cores: type.VCpuInfo?.DefaultVCpus ?? null,
    memory: memoryMiB === undefined ? null : memoryMiB / 1024,
    physical_processor: physicalProcessorOf(type),
    cpu_speed: type.ProcessorInfo?.SustainedClockSpeedInGhz ?? null,
    network_speed: type.NetworkInfo?.NetworkPerformance ?? null,
    network_bandwidth_max: networkCard?.PeakBandwidthInGbps ?? networkCard?.BaselineBandwidthInGbps ?? null,
    current_generation: type.CurrentGeneration ?? null,
    storage: storageOf(type),
    storage_throughput: type.EbsInfo?.EbsOptimizedInfo?.MaximumThroughputInMBps ?? null,
  };
}

function nameOf(instance: Instance & { InstanceId: string }): string {
  const tagged = instance.Tags?.find((tag) => tag.Key === 'Name')?.Value?.trim();
  return (tagged || instance.InstanceId).slice(0, INVENTORY_LIMITS.assetNameMaxLength);
}

/** One EC2 instance as an asset of the organization; the instance id is its external id. */
export function toAssetItem(
  instance: Instance & { InstanceId: string },
  type: InstanceTypeInfo | undefined,
  region: string,
): AssetUpsertItem {
  const status = assetStatusOf(instance.State?.Name);
  return {
    externalId: instance.InstanceId,
    name: nameOf(instance),
    ...(status ? { status } : {}),
    instance_type: instance.InstanceType ?? null,
    site: instance.Placement?.AvailabilityZone ?? region,
    instance_lifecycle: instance.InstanceLifecycle ?? 'on-demand',
    ...typeAttributes(type),
  };
}
