import { Injectable } from '@nestjs/common';
import { type AwsIntegrationDto, type AwsIntegrationRequest, InventoryErrorCode, TOPICS } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import { InjectJobQueue, JobQueue } from '@infra/jobs';
import { type CallerContext, currentClientAddress } from '@infra/platform';
import type { AwsIntegration } from './aws-integration.entity';
import { inventoryError } from '../inventory.errors';
import { type AwsIntegrationJobs, INVENTORY_QUEUE } from './aws-integration.queue';
import { AwsIntegrationRepository } from './aws-integration.repository';
import { tenantOf } from '@infra/platform';

export function toAwsIntegrationDto(integration: AwsIntegration): AwsIntegrationDto {
  return {
    roleArn: integration.roleArn,
    externalId: integration.externalId,
    regions: integration.regions,
    state: integration.state,
    lastRunAt: integration.lastRunAt?.toISOString() ?? null,
    lastSucceededAt: integration.lastSucceededAt?.toISOString() ?? null,
    // The assets' counts only: `telemetry` is the sync's own bookkeeping.
    lastCounts: integration.lastCounts && {
      created: integration.lastCounts.created,
      updated: integration.lastCounts.updated,
      seen: integration.lastCounts.seen,
    },
    lastError: integration.lastError,
  };
}

@Injectable()
export class AwsIntegrationService {
  constructor(
    private readonly repository: AwsIntegrationRepository,
    private readonly events: EventPublisher,
    @InjectJobQueue(INVENTORY_QUEUE) private readonly jobs: JobQueue<AwsIntegrationJobs>,
  ) {}

  async get(caller: CallerContext): Promise<AwsIntegrationDto> {
    return toAwsIntegrationDto(await this.find(tenantOf(caller).organizationId));
  }

  /** Saves the role and regions, and tells identity's security log who changed them, from where (one transaction). */
  async save(caller: CallerContext, request: AwsIntegrationRequest): Promise<AwsIntegrationDto> {
    const tenant = tenantOf(caller);
    const integration = await this.repository.transaction(async (manager) => {
      const saved = await this.repository.save(manager, tenant, { ...request, regions: request.regions ?? [] });
      await this.events.publish(manager, TOPICS.inventoryAwsIntegrationChanged, {
        accountId: tenant.accountId,
        organizationId: tenant.organizationId,
        actorId: tenant.userId,
        payload: { roleArn: saved.roleArn, regions: saved.regions, clientAddress: currentClientAddress() ?? null },
      });
      return saved;
    });
    return toAwsIntegrationDto(integration);
  }

  /** Queues a sync now; refused while one is queued or running, so a second request never queues twice. */
  async requestSync(caller: CallerContext): Promise<AwsIntegrationDto> {
    const { organizationId } = tenantOf(caller);
    await this.find(organizationId);
    const claimed = await this.queueSyncs([organizationId]);
    if (claimed.length === 0) throw inventoryError(InventoryErrorCode.SyncAlreadyRunning);
    return toAwsIntegrationDto(await this.find(organizationId));
  }

  /**
   * Claims the integrations whose sync is not queued or running yet and queues a sync job for each; returns
   * the organizations queued. A claim whose job cannot be queued is released as failed.
   */
  async queueSyncs(organizationIds: string[]): Promise<string[]> {
    const claimed = await this.repository.claim(organizationIds);
    for (const organizationId of claimed) {
      try {
        // Unique per request: the claim, not the job id, is what prevents a second queued sync.
        await this.jobs.add('aws-sync', { organizationId }, { jobId: `aws-sync-${organizationId}-${Date.now()}` });
      } catch (error) {
        await this.repository.abandonClaim(organizationId, 'The sync could not be queued; try again.');
        throw error;
      }
    }
    return claimed;
  }

  private async find(organizationId: string): Promise<AwsIntegration> {
    const integration = await this.repository.findForOrganization(organizationId);
    if (!integration) throw inventoryError(InventoryErrorCode.IntegrationNotFound);
    return integration;
  }
}
