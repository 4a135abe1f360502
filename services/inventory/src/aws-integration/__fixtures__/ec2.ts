// Shapes as the SDK returns them (recorded from DescribeInstances / DescribeInstanceTypes, ids and addresses
// replaced). `instance()` builds more of the same for paging and batching tests.
import type {
  DescribeInstancesCommandOutput,
  DescribeInstanceTypesCommandOutput,
  DescribeRegionsCommandOutput,
  Instance,
  InstanceStateName,
  InstanceTypeInfo,
  Reservation,
} from '@aws-sdk/client-ec2';
import type { AssumeRoleCommandOutput } from '@aws-sdk/client-sts';

const metadata = (requestId: string) => ({ httpStatusCode: 200, requestId, attempts: 1, totalRetryDelay: 0 });

export const ROLE_ARN = 'arn:aws:iam::210987654321:role/infra-analytics-read';
export const EXTERNAL_ID = 'ia-2f6c1e0b-8d4a-4c55-9a0e-3c8f7b1d2e90';

export const ASSUME_ROLE_OUTPUT: AssumeRoleCommandOutput = {
  $metadata: metadata('b1f3c5e7-0a2b-4c6d-8e0f-1a3b5c7d9e1f'),
  Credentials: {
    AccessKeyId: 'ASIATESTASSUMEDKEY01',
    SecretAccessKey: 'assumed/secret/KEYvalue0000000000000000',
    SessionToken: 'IQoJb3JpZ2luX2VjEXAMPLESESSIONTOKEN',
    Expiration: new Date(Date.now() + 3600 * 1000),
  },
  AssumedRoleUser: {
    AssumedRoleId: 'AROATESTROLEID0000001:infra-analytics-session',
    Arn: 'arn:aws:sts::210987654321:assumed-role/infra-analytics-read/infra-analytics-session',
  },
  PackedPolicySize: 0,
};

export const REGIONS_OUTPUT: DescribeRegionsCommandOutput = {
  $metadata: metadata('5d0f3a1e-9c1b-4b0e-a7f2-6e3d2c1b0a99'),
  Regions: [
    { Endpoint: 'ec2.eu-west-1.amazonaws.com', RegionName: 'eu-west-1', OptInStatus: 'opt-in-not-required' },
    { Endpoint: 'ec2.us-east-1.amazonaws.com', RegionName: 'us-east-1', OptInStatus: 'opt-in-not-required' },
  ],
};

interface InstanceSpec {
  id: string;
  type: string;
  zone: string;
  state: InstanceStateName;
  name?: string;
  lifecycle?: 'spot' | 'scheduled' | 'capacity-block';
}

const STATE_CODES: Record<InstanceStateName, number> = {
  pending: 0,
  running: 16,
  'shutting-down': 32,
  terminated: 48,
  stopping: 64,
  stopped: 80,
};

export function instance(spec: InstanceSpec): Instance {
  return {
    AmiLaunchIndex: 0,
    ImageId: 'ami-0c1c30571d2dae5c9',
    InstanceId: spec.id,
    InstanceType: spec.type as Instance['InstanceType'],
    KeyName: 'ops-2024',
    LaunchTime: new Date('2025-09-14T08:12:41.000Z'),
    Monitoring: { State: 'disabled' },
    Placement: { AvailabilityZone: spec.zone, GroupName: '', Tenancy: 'default' },
    PrivateDnsName: `ip-10-0-1-17.${spec.zone.slice(0, -1)}.compute.internal`,
    PrivateIpAddress: '10.0.1.17',
    State: { Code: STATE_CODES[spec.state], Name: spec.state },
    SubnetId: 'subnet-0a1b2c3d4e5f60718',
    VpcId: 'vpc-0f1e2d3c4b5a69788',
    Architecture: spec.type.startsWith('c6g') ? 'arm64' : 'x86_64',
    EbsOptimized: true,
    Hypervisor: 'xen',
    ...(spec.lifecycle ? { InstanceLifecycle: spec.lifecycle } : {}),
    RootDeviceName: '/dev/xvda',
    RootDeviceType: 'ebs',
    Tags: [{ Key: 'team', Value: 'platform' }, ...(spec.name !== undefined ? [{ Key: 'Name', Value: spec.name }] : [])],
    VirtualizationType: 'hvm',
    CpuOptions: { CoreCount: 1, ThreadsPerCore: 2 },
  };
}

/** Instances grouped the way EC2 returns them: one reservation per launch request. */
export function instancesPage(instances: Instance[], nextToken?: string): DescribeInstancesCommandOutput {
  const reservations: Reservation[] = [];
  for (let index = 0; index < instances.length; index += 2) {
    reservations.push({
      ReservationId: `r-0${(index + 1).toString(16).padStart(16, '0')}`,
      OwnerId: '210987654321',
      Groups: [],
      Instances: instances.slice(index, index + 2),
    });
  }
  return {
    $metadata: metadata('9b2c7a4e-1f3d-4e5a-8b6c-0d1e2f3a4b5c'),
    Reservations: reservations,
    ...(nextToken ? { NextToken: nextToken } : {}),
  };
}

export const M5_LARGE: InstanceTypeInfo = {
  InstanceType: 'm5.large',
  CurrentGeneration: true,
  FreeTierEligible: false,
  SupportedUsageClasses: ['on-demand', 'spot'],
  SupportedRootDeviceTypes: ['ebs'],
  SupportedVirtualizationTypes: ['hvm'],
  BareMetal: false,
  Hypervisor: 'nitro',
  ProcessorInfo: { SupportedArchitectures: ['x86_64'], SustainedClockSpeedInGhz: 3.1, Manufacturer: 'Intel' },
  VCpuInfo: {
    DefaultVCpus: 2,
    DefaultCores: 1,
    DefaultThreadsPerCore: 2,
    ValidCores: [1],
    ValidThreadsPerCore: [1, 2],
  },
  MemoryInfo: { SizeInMiB: 8192 },
  InstanceStorageSupported: false,
  EbsInfo: {
    EbsOptimizedSupport: 'default',
    EncryptionSupport: 'supported',
    EbsOptimizedInfo: {
      BaselineBandwidthInMbps: 650,
      BaselineThroughputInMBps: 81.25,
      BaselineIops: 3600,
      MaximumBandwidthInMbps: 4750,
      MaximumThroughputInMBps: 593.75,
      MaximumIops: 18750,
    },
    NvmeSupport: 'required',
  },
  NetworkInfo: {
    NetworkPerformance: 'Up to 10 Gigabit',
    MaximumNetworkInterfaces: 3,
    MaximumNetworkCards: 1,
    DefaultNetworkCardIndex: 0,
    NetworkCards: [
      {
        NetworkCardIndex: 0,
        NetworkPerformance: 'Up to 10 Gigabit',
        MaximumNetworkInterfaces: 3,
        BaselineBandwidthInGbps: 0.75,
        PeakBandwidthInGbps: 10,
      },
    ],
    Ipv4AddressesPerInterface: 10,
    Ipv6AddressesPerInterface: 10,
    Ipv6Supported: true,
    EnaSupport: 'required',
    EfaSupported: false,
  },
};

export const C6G_XLARGE: InstanceTypeInfo = {
  ...M5_LARGE,
  InstanceType: 'c6g.xlarge',
  ProcessorInfo: { SupportedArchitectures: ['arm64'], SustainedClockSpeedInGhz: 2.5, Manufacturer: 'AWS' },
  VCpuInfo: { DefaultVCpus: 4, DefaultCores: 4, DefaultThreadsPerCore: 1 },
  MemoryInfo: { SizeInMiB: 8192 },
  NetworkInfo: {
    NetworkPerformance: 'Up to 10 Gigabit',
    NetworkCards: [
      {
        NetworkCardIndex: 0,
        NetworkPerformance: 'Up to 10 Gigabit',
        BaselineBandwidthInGbps: 1.25,
        PeakBandwidthInGbps: 10,
      },
    ],
  },
};

export const I3EN_2XLARGE: InstanceTypeInfo = {
  ...M5_LARGE,
  InstanceType: 'i3en.2xlarge',
  VCpuInfo: { DefaultVCpus: 8, DefaultCores: 4, DefaultThreadsPerCore: 2 },
  MemoryInfo: { SizeInMiB: 65536 },
  InstanceStorageSupported: true,
  InstanceStorageInfo: {
    TotalSizeInGB: 5000,
    Disks: [{ SizeInGB: 2500, Count: 2, Type: 'ssd' }],
    NvmeSupport: 'required',
    EncryptionSupport: 'required',
  },
  NetworkInfo: {
    NetworkPerformance: 'Up to 25 Gigabit',
    // Older types report no peak: the baseline is their maximum.
    NetworkCards: [{ NetworkCardIndex: 0, NetworkPerformance: 'Up to 25 Gigabit', BaselineBandwidthInGbps: 8.4 }],
  },
};

export const T2_MICRO: InstanceTypeInfo = {
  InstanceType: 't2.micro',
  CurrentGeneration: false,
  ProcessorInfo: { SupportedArchitectures: ['i386', 'x86_64'], SustainedClockSpeedInGhz: 2.5, Manufacturer: 'Intel' },
  VCpuInfo: { DefaultVCpus: 1 },
  MemoryInfo: { SizeInMiB: 1024 },
  InstanceStorageSupported: false,
  EbsInfo: { EbsOptimizedSupport: 'unsupported' },
  NetworkInfo: { NetworkPerformance: 'Low to Moderate', NetworkCards: [{ NetworkCardIndex: 0 }] },
};

export const INSTANCE_TYPES = [M5_LARGE, C6G_XLARGE, I3EN_2XLARGE, T2_MICRO];

export function instanceTypesOutput(types: InstanceTypeInfo[]): DescribeInstanceTypesCommandOutput {
  return { $metadata: metadata('3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7'), InstanceTypes: types };
}
