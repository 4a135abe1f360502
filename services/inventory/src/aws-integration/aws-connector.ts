import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { CostExplorerClient } from '@aws-sdk/client-cost-explorer';
import { EC2Client } from '@aws-sdk/client-ec2';
import { fromTemporaryCredentials } from '@aws-sdk/credential-providers';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@aws-sdk/types';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { memoize } from '@smithy/property-provider';
import { awsAccessError } from './aws-errors';

/** What the connector needs of an integration: whose role to assume, and the proof it is us (external id). */
export interface AwsRoleRef {
  organizationId: string;
  roleArn: string;
  externalId: string;
}

/**
 * Attempts per AWS call, retries included. The SDK's standard strategy backs off exponentially (with jitter) on
 * throttling (`ThrottlingException`, `RequestLimitExceeded`) and transient errors; the job retries what is left.
 */
export const AWS_MAX_ATTEMPTS = 6;
/** Assumed-role sessions last an hour; they are renewed this long before they expire. */
const SESSION_SECONDS = 3600;
const RENEW_BEFORE_MS = 5 * 60 * 1000;

/** The region of each partition where STS and DescribeRegions are called. */
const HOME_REGIONS = { aws: 'us-east-1', 'aws-cn': 'cn-north-1', 'aws-us-gov': 'us-gov-west-1' } as const;
type Partition = keyof typeof HOME_REGIONS;

function partitionOf(roleArn: string): Partition {
  const partition = roleArn.split(':')[1];
  return partition === 'aws-cn' || partition === 'aws-us-gov' ? partition : 'aws';
}

/**
 * Everything the product does in a customer's AWS account goes through one connector per integration: it
 * assumes the organization's role (with its external id) and builds clients on those temporary credentials.
 * The EC2 inventory sync and the telemetry feed (CloudWatch, Cost Explorer) use it, on the same session.
 * Nothing it holds is stored: credentials live in memory for the duration of one run.
 */
export class AwsConnector {
  /** The partition's main region: STS, DescribeRegions and Cost Explorer are called there. */
  readonly homeRegion: string;
  private readonly clients: { destroy(): void }[] = [];
  private readonly ec2Clients = new Map<string, EC2Client>();
  private readonly cloudWatchClients = new Map<string, CloudWatchClient>();
  private costExplorerClient: CostExplorerClient | undefined;
  /**
   * The assumed role's credentials, shared by every client of the run: assumed once (concurrent first calls wait for
   * the same AssumeRole) and renewed shortly before they expire; a refusal is not remembered, the next call retries.
   */
  readonly credentials: AwsCredentialIdentityProvider;

  constructor(readonly role: AwsRoleRef) {
    this.homeRegion = HOME_REGIONS[partitionOf(role.roleArn)];
    // The product's own credentials (default provider chain) are used only here, to assume the customer's role. The
    // STS client is built by the provider; its sockets are ours to close (destroy).
    const assumeRole = fromTemporaryCredentials({
      params: {
        RoleArn: role.roleArn,
        ExternalId: role.externalId,
        // Shows in the customer's CloudTrail which organization of the product acted.
        RoleSessionName: `infra-analytics-${role.organizationId}`,
        DurationSeconds: SESSION_SECONDS,
      },
      clientConfig: {
        region: this.homeRegion,
        maxAttempts: AWS_MAX_ATTEMPTS,
        requestHandler: this.track(new NodeHttpHandler()),
      },
    });
    const assumed = async (): Promise<AwsCredentialIdentity> => {
      try {
        return await assumeRole();
      } catch (error) {
        throw awsAccessError(error, { roleArn: role.roleArn, call: 'sts:AssumeRole' }) ?? error;
      }
    };
    this.credentials = memoize(
      assumed,
      (session) => session.expiration !== undefined && session.expiration.getTime() - Date.now() <= RENEW_BEFORE_MS,
      (session) => session.expiration !== undefined,
    );
  }

  ec2(region: string): EC2Client {
    let client = this.ec2Clients.get(region);
    if (!client) {
      client = this.track(new EC2Client({ region, credentials: this.credentials, maxAttempts: AWS_MAX_ATTEMPTS }));
      this.ec2Clients.set(region, client);
    }
    return client;
  }

  cloudWatch(region: string): CloudWatchClient {
    let client = this.cloudWatchClients.get(region);
    if (!client) {
      client = this.track(
        new CloudWatchClient({ region, credentials: this.credentials, maxAttempts: AWS_MAX_ATTEMPTS }),
      );
      this.cloudWatchClients.set(region, client);
    }
    return client;
  }

  /** Cost Explorer has one endpoint per partition (the SDK resolves it from the home region). */
  costExplorer(): CostExplorerClient {
    this.costExplorerClient ??= this.track(
      new CostExplorerClient({ region: this.homeRegion, credentials: this.credentials, maxAttempts: AWS_MAX_ATTEMPTS }),
    );
    return this.costExplorerClient;
  }

  /** Closes the sockets of every client built for this run. */
  destroy(): void {
    for (const client of this.clients) client.destroy();
  }

  private track<C extends { destroy(): void }>(client: C): C {
    this.clients.push(client);
    return client;
  }
}
