import { Controller } from '@nestjs/common';
import { Ctx, KafkaContext } from '@nestjs/microservices';
import type { EntityManager } from 'typeorm';
import { type EventEnvelope, type ThresholdsChangedPayload, TOPICS } from '@infra/contracts';
import { InboxConsumer, OnEvent, purgeDeletedOrganization, setAssetStatus } from '@infra/messaging';
import { acrossTenantsInTransaction } from '@infra/platform';
import { AnalyticsScheduler } from '../rollups/analytics.jobs';
import { RollupsRepository } from '../rollups/rollups.repository';
import { ReadModelsRepository } from './read-models.repository';

/**
 * An account's new workload thresholds: stores them (newest wins) and marks every day of each of the account's
 * organizations for a new roll-up; returns those organizations (none when nothing changed). The account's rows and
 * its organizations' days span organizations: the named `account-thresholds` path.
 */
export function applyAccountThresholds(
  manager: EntityManager,
  readModels: ReadModelsRepository,
  rollups: RollupsRepository,
  event: EventEnvelope<ThresholdsChangedPayload>,
): Promise<string[]> {
  return acrossTenantsInTransaction(manager, 'account-thresholds', async () => {
    if (!(await readModels.applyThresholds(manager, event.payload, event.occurredAt))) return [];
    const organizations = await readModels.organizationsOf(manager, event.payload.accountId);
    for (const organizationId of organizations)
      await rollups.markAll(manager, organizationId, undefined, { thresholdsOnly: true });
    return organizations;
  });
}

/**
 * Feeds analytics' copies of assets, tags, collections, thresholds and organizations, each event applied once
 * (inbox). Events without an organization are ignored, except the account-wide thresholds. A change the rollups
 * depend on (an asset's capacity, the thresholds) marks the days to redo and queues a rollup.
 */
@Controller()
export class ReadModelsConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly readModels: ReadModelsRepository,
    private readonly rollups: RollupsRepository,
    private readonly scheduler: AnalyticsScheduler,
  ) {}

  /** The asset's copy; a new capacity marks its days for a roll-up (once for a batch's assets of one organization). */
  @OnEvent(TOPICS.inventoryAssetUpserted)
  async onAssetUpserted(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.inventoryAssetUpserted,
      'analytics-assets',
      async (manager, event, effects) => {
        const { organizationId, accountId } = event;
        if (!organizationId) return;
        if (accountId)
          effects.beforeCommit(`account ${organizationId} ${accountId}`, accountId, (tx) =>
            this.readModels.rememberAccount(tx, organizationId, accountId),
          );
        const { capacityChanged, unitCostsChanged } = await this.readModels.upsertAsset(
          manager,
          organizationId,
          event.payload,
          event.occurredAt,
        );
        // The period refresh rebuilds the unit costs by site and instance type (meanwhile reads take the period sums).
        if (unitCostsChanged)
          effects.afterCommit(`roll-up-organization ${organizationId}`, () =>
            this.scheduler.rollUpOrganization(organizationId),
          );
        if (!capacityChanged) return;
        effects.beforeCommit(`mark days ${organizationId}`, event.payload.assetId, (tx, assetIds: string[]) =>
          this.rollups.markAll(tx, organizationId, [...new Set(assetIds)]),
        );
        effects.afterCommit(`roll-up ${organizationId}`, () => this.scheduler.rollUp(organizationId));
      },
    );
  }

  @OnEvent(TOPICS.inventoryAssetStatusChanged)
  async onAssetStatusChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(context, TOPICS.inventoryAssetStatusChanged, 'analytics-asset-status', (manager, event) =>
      event.organizationId
        ? setAssetStatus(manager, event.organizationId, event.payload, event.occurredAt)
        : Promise.resolve(),
    );
  }

  @OnEvent(TOPICS.inventoryCollectionChanged)
  async onCollectionChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(context, TOPICS.inventoryCollectionChanged, 'analytics-collections', (manager, event) =>
      event.organizationId
        ? this.readModels.applyCollectionChanged(manager, event.organizationId, event.payload)
        : Promise.resolve(),
    );
  }

  @OnEvent(TOPICS.taggingTagsAssigned)
  async onTagsAssigned(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(context, TOPICS.taggingTagsAssigned, 'analytics-tag-assignments', (manager, event) =>
      event.organizationId
        ? this.readModels.applyTagAssignments(manager, event.organizationId, event.payload)
        : Promise.resolve(),
    );
  }

  @OnEvent(TOPICS.taggingTagChanged)
  async onTagChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(context, TOPICS.taggingTagChanged, 'analytics-tags', (manager, event) =>
      event.organizationId
        ? this.readModels.applyTagChanged(manager, event.organizationId, event.payload)
        : Promise.resolve(),
    );
  }

  @OnEvent(TOPICS.identityOrganizationChanged)
  async onOrganizationChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.identityOrganizationChanged,
      'analytics-organizations',
      async (manager, event) => {
        const { organizationId, accountId, deleted } = event.payload;
        // Offboarding: every row of the organization goes (telemetry included).
        if (deleted) await purgeDeletedOrganization(manager, event);
        else await this.readModels.rememberAccount(manager, organizationId, accountId);
      },
    );
  }

  @OnEvent(TOPICS.identityAccountThresholdsChanged)
  async onThresholdsChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.identityAccountThresholdsChanged,
      'analytics-thresholds',
      async (manager, event, effects) => {
        for (const organizationId of await applyAccountThresholds(manager, this.readModels, this.rollups, event))
          effects.afterCommit(`roll-up ${organizationId}`, () => this.scheduler.rollUp(organizationId));
      },
    );
  }
}
