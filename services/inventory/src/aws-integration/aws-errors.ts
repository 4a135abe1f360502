/**
 * A refusal by AWS that no retry can fix: the role cannot be assumed, or may not call what the sync needs. The
 * message says what to fix; it is recorded on the integration (`lastError`) and the job is not retried.
 */
export class AwsAccessError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AwsAccessError';
  }
}

/** The customer's side: the role's trust policy, external id or permissions. */
const DENIED = new Set(['AccessDenied', 'AccessDeniedException', 'UnauthorizedOperation']);
/** The product's own credentials (used to call AssumeRole) or the assumed session were refused. */
const CREDENTIALS_REJECTED = new Set([
  'ExpiredToken',
  'ExpiredTokenException',
  'InvalidClientTokenId',
  'UnrecognizedClientException',
  'SignatureDoesNotMatch',
  'AuthFailure',
  'CredentialsProviderError',
]);
/** A region the customer's account (or STS) has not enabled. */
const REGION_DISABLED = new Set(['OptInRequired', 'RegionDisabledException']);

/** What the role's policy must allow, by the service of the refused call. */
const NEEDED: Record<string, string> = {
  ec2: 'allow ec2:DescribeRegions, ec2:DescribeInstances and ec2:DescribeInstanceTypes in its policy',
  cloudwatch: 'allow cloudwatch:ListMetrics and cloudwatch:GetMetricData in its policy',
  ce: "allow ce:GetCostAndUsageWithResources in its policy, and turn on Cost Explorer's hourly, resource-level data",
};

export interface AwsCallContext {
  roleArn: string;
  /** IAM action, e.g. `sts:AssumeRole`, `ec2:DescribeInstances` or `cloudwatch:GetMetricData`. */
  call: string;
  region?: string;
}

/** The clear, non-retryable error for an access failure; undefined for anything worth retrying. */
export function awsAccessError(error: unknown, context: AwsCallContext): AwsAccessError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = error.name;
  const where = context.region ? ` in ${context.region}` : '';
  const assuming = context.call === 'sts:AssumeRole';
  if (DENIED.has(code)) {
    return new AwsAccessError(
      code,
      assuming
        ? `AWS denied assuming ${context.roleArn} (${code}): check that the role's trust policy allows this product's AWS account and requires exactly this external id.`
        : `The role ${context.roleArn} may not call ${context.call}${where} (${code}): ${NEEDED[context.call.split(':')[0]] ?? NEEDED.ec2}.`,
    );
  }
  if (CREDENTIALS_REJECTED.has(code)) {
    return new AwsAccessError(
      code,
      assuming
        ? `AWS rejected the credentials used to assume ${context.roleArn} (${code}: expired or invalid). The sync resumes once they are renewed.`
        : `AWS rejected the session of ${context.roleArn} calling ${context.call}${where} (${code}: expired or invalid credentials).`,
    );
  }
  if (REGION_DISABLED.has(code)) {
    return new AwsAccessError(
      code,
      `${context.call} failed${where} for ${context.roleArn} (${code}): the region is not enabled for the account; enable it or remove it from the integration's regions.`,
    );
  }
  return undefined;
}
