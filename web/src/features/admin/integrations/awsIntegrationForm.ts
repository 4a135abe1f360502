import {
  AWS_EXTERNAL_ID_PATTERN,
  AWS_REGION_PATTERN,
  AWS_ROLE_ARN_PATTERN,
  type AwsIntegrationDto,
  type AwsIntegrationRequest,
  type SyncState,
} from '@infra/contracts';

export interface AwsIntegrationValues {
  roleArn: string;
  externalId: string;
  /** Region names separated by commas or spaces; empty: every region enabled for the AWS account. */
  regions: string;
}

export type AwsIntegrationErrors = Partial<Record<keyof AwsIntegrationValues, 'required' | 'invalid'>>;

/** The most regions one integration may name (inventory's DTO refuses more). */
export const AWS_REGIONS_MAX = 50;

export function awsValuesOf(integration: AwsIntegrationDto | null | undefined): AwsIntegrationValues {
  return {
    roleArn: integration?.roleArn ?? '',
    externalId: integration?.externalId ?? '',
    regions: integration?.regions.join(', ') ?? '',
  };
}

/** The regions typed, split on commas and spaces, each once. */
export function parseRegions(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((region) => region.length > 0))];
}

/**
 * The same rules as inventory's DTO (the patterns come from @infra/contracts): an IAM role ARN such as
 * arn:aws:iam::123456789012:role/infra-analytics-read, an STS external id, and AWS region names.
 */
export function validateAwsIntegration(values: AwsIntegrationValues): AwsIntegrationErrors {
  const errors: AwsIntegrationErrors = {};
  const roleArn = values.roleArn.trim();
  if (roleArn === '') errors.roleArn = 'required';
  else if (!AWS_ROLE_ARN_PATTERN.test(roleArn)) errors.roleArn = 'invalid';
  const externalId = values.externalId.trim();
  if (externalId === '') errors.externalId = 'required';
  else if (!AWS_EXTERNAL_ID_PATTERN.test(externalId)) errors.externalId = 'invalid';
  const regions = parseRegions(values.regions);
  if (regions.length > AWS_REGIONS_MAX || regions.some((region) => !AWS_REGION_PATTERN.test(region))) {
    errors.regions = 'invalid';
  }
  return errors;
}

export function toAwsIntegrationRequest(values: AwsIntegrationValues): AwsIntegrationRequest {
  return {
    roleArn: values.roleArn.trim(),
    externalId: values.externalId.trim(),
    regions: parseRegions(values.regions),
  };
}

/** A sync is under way: the status is polled until it ends. */
export function isSyncActive(state: SyncState | undefined): boolean {
  return state === 'queued' || state === 'running';
}

/** A fresh external id for the role's trust policy: 32 random hexadecimal digits. */
export function generateExternalId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
