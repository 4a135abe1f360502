import { Injectable, Logger } from '@nestjs/common';
import { JobProcessor, TypedJob, UnrecoverableError } from '@infra/jobs';
import { EventPublisher } from '@infra/messaging';
import { acrossTenants } from '@infra/platform';
import { AwsConnector } from './aws-connector';
import { AwsAccessError } from './aws-errors';
import type { AwsIntegrationJobs } from './aws-integration.queue';
import { AwsIntegrationRepository } from './aws-integration.repository';
import { AwsIntegrationService } from './aws-integration.service';
import { Ec2InventorySync } from './ec2-inventory-sync';
import { Ec2TelemetrySync } from './ec2-telemetry-sync';
import { OutboxTelemetrySink } from './telemetry-sink';

/** Integrations claimed and queued per step of the hourly walk. */
const QUEUE_PAGE_SIZE = 500;

@Injectable()
export class QueueAwsSyncsJob extends JobProcessor<AwsIntegrationJobs, 'aws-sync-all'> {
  readonly name = 'aws-sync-all';

  constructor(
    private readonly repository: AwsIntegrationRepository,
    private readonly integrations: AwsIntegrationService,
  ) {
    super();
  }

  async process(): Promise<void> {
    // Every organization's integration: a named cross-tenant path of the row-level security.
    await acrossTenants('aws-sync-all', () => this.queueAll());
  }

  private async queueAll(): Promise<void> {
    let after: string | null = null;
    for (;;) {
      const page = await this.repository.organizationIdsAfter(after, QUEUE_PAGE_SIZE);
      if (page.length === 0) return;
      // A retry of this job skips the integrations already claimed: nothing is queued twice.
      await this.integrations.queueSyncs(page);
      after = page[page.length - 1];
    }
  }
}

/** What an Admin reads in `lastError` for a failure that is not an access refusal. */
function syncErrorMessage(error: unknown): string {
  // AWS service errors carry $metadata; their code and message help the Admin (e.g. RequestLimitExceeded).
  if (error instanceof Error && '$metadata' in error) return `AWS answered ${error.name}: ${error.message}`;
  return 'The sync failed unexpectedly; the operators have the details in the logs.';
}

/**
 * Runs the EC2 sync of one integration, then its telemetry feed on the same assumed role, and records the outcome
 * on it. An access refusal of the inventory (role not assumable, credentials expired, permission missing) fails at
 * once with its clear message; what the telemetry feed could not collect is recorded as the run's error without
 * failing it; other failures (throttling left after the SDK's retries, network, database) are retried with the
 * job's backoff (a retry re-sends samples already sent: analytics replaces an asset-hour it receives again).
 */
@Injectable()
export class SyncAwsIntegrationJob extends JobProcessor<AwsIntegrationJobs, 'aws-sync'> {
  readonly name = 'aws-sync';
  private readonly logger = new Logger(SyncAwsIntegrationJob.name);
  private readonly telemetry: Ec2TelemetrySync;

  constructor(
    private readonly repository: AwsIntegrationRepository,
    private readonly ec2: Ec2InventorySync,
    events: EventPublisher,
  ) {
    super();
    this.telemetry = new Ec2TelemetrySync(new OutboxTelemetrySink(repository, events));
  }

  async process({ organizationId }: AwsIntegrationJobs['aws-sync'], job: TypedJob<AwsIntegrationJobs, 'aws-sync'>) {
    const integration = await this.repository.findForOrganization(organizationId);
    if (!integration) return;
    await this.repository.markRunning(organizationId);
    const connector = new AwsConnector(integration);
    try {
      const { counts, instances } = await this.ec2.run(connector, integration);
      // After the inventory: the samples name the instances as assets, by external id.
      const telemetry = await this.telemetry.run(connector, integration, instances);
      await this.repository.recordSuccess(
        organizationId,
        { ...counts, telemetry: telemetry.counts },
        telemetry.warning,
      );
    } catch (error) {
      if (error instanceof AwsAccessError) {
        await this.repository.recordFailure(organizationId, error.message, false);
        throw new UnrecoverableError(error.message);
      }
      const retrying = job.attemptsMade + 1 < (job.opts.attempts ?? 1);
      this.logger.warn({ organizationId, attempt: job.attemptsMade + 1, retrying, err: error }, 'AWS sync failed');
      await this.repository.recordFailure(organizationId, syncErrorMessage(error), retrying);
      throw error;
    } finally {
      connector.destroy();
    }
  }
}
