import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, MoreThan } from 'typeorm';
import type { AwsIntegrationRequest } from '@infra/contracts';
import { AwsIntegration, SyncCounts } from './aws-integration.entity';

/**
 * A queued or running claim older than this is taken to be lost (a worker killed past BullMQ's stalled-job
 * recovery) and may be claimed again; a sync takes minutes.
 */
export const STALE_CLAIM_SECONDS = 2 * 3600;

/** Every query on AWS integrations; each is filtered by the organization (the primary key). */
@Injectable()
export class AwsIntegrationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get integrations() {
    return this.dataSource.getRepository(AwsIntegration);
  }

  findForOrganization(organizationId: string): Promise<AwsIntegration | null> {
    return this.integrations.findOneBy({ organizationId });
  }

  /** Creates or replaces the role and regions; the sync state of an existing integration is kept. */
  async save(
    manager: EntityManager,
    tenant: { organizationId: string; accountId: string; userId: string },
    request: Required<AwsIntegrationRequest>,
  ): Promise<AwsIntegration> {
    const integrations = manager.getRepository(AwsIntegration);
    await integrations
      .createQueryBuilder()
      .insert()
      .values({
        organizationId: tenant.organizationId,
        accountId: tenant.accountId,
        roleArn: request.roleArn,
        externalId: request.externalId,
        regions: request.regions,
        configuredBy: tenant.userId,
        updatedAt: () => 'now()',
      })
      .orUpdate(['role_arn', 'external_id', 'regions', 'configured_by', 'updated_at'], ['organization_id'])
      .execute();
    return integrations.findOneByOrFail({ organizationId: tenant.organizationId });
  }

  /**
   * Marks the integrations `queued` unless a sync of theirs is already queued or running (one conditional
   * statement, so concurrent requests claim once); returns the organizations claimed.
   */
  async claim(organizationIds: string[]): Promise<string[]> {
    if (organizationIds.length === 0) return [];
    // One conditional UPDATE: of two concurrent requests, one claims. TypeORM answers UPDATE … RETURNING with
    // [rows, affected].
    const [rows] = (await this.dataSource.query(
      `UPDATE aws_integrations SET state = 'queued', state_changed_at = now()
        WHERE organization_id = ANY($1::uuid[])
          AND (state NOT IN ('queued', 'running') OR state_changed_at < now() - make_interval(secs => $2))
        RETURNING organization_id`,
      [organizationIds, STALE_CLAIM_SECONDS],
    )) as [{ organization_id: string }[], number];
    return rows.map((row) => row.organization_id);
  }

  /** The claim of a sync that could not be queued: failed, with the reason, so a new request can claim it. */
  async abandonClaim(organizationId: string, reason: string): Promise<void> {
    await this.integrations
      .createQueryBuilder()
      .update()
      .set({ state: 'failed', stateChangedAt: () => 'now()', lastError: reason })
      .where('organization_id = :organizationId AND state = :queued', { organizationId, queued: 'queued' })
      .execute();
  }

  async markRunning(organizationId: string): Promise<void> {
    await this.integrations.update(
      { organizationId },
      { state: 'running', stateChangedAt: () => 'now()', lastRunAt: () => 'now()' },
    );
  }

  /** `warning`: what the run could not collect (e.g. Cost Explorer not enabled), shown to the Admin as its error. */
  async recordSuccess(organizationId: string, counts: SyncCounts, warning: string | null): Promise<void> {
    await this.integrations.update(
      { organizationId },
      {
        state: 'succeeded',
        stateChangedAt: () => 'now()',
        lastSucceededAt: () => 'now()',
        lastCounts: counts,
        lastError: warning,
      },
    );
  }

  /** A transaction for outbox events: a sync's collected telemetry, a change of the integration. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** A failed attempt: `queued` while the job will retry it, `failed` when no retry follows. */
  async recordFailure(organizationId: string, error: string, retrying: boolean): Promise<void> {
    await this.integrations.update(
      { organizationId },
      { state: retrying ? 'queued' : 'failed', stateChangedAt: () => 'now()', lastError: error },
    );
  }

  /** The scheduler's walk over every integration (a platform job, not a request), in pages by organization. */
  async organizationIdsAfter(after: string | null, limit: number): Promise<string[]> {
    const rows = await this.integrations.find({
      select: { organizationId: true },
      where: after ? { organizationId: MoreThan(after) } : {},
      order: { organizationId: 'ASC' },
      take: limit,
    });
    return rows.map((row) => row.organizationId);
  }
}
