import { Controller } from '@nestjs/common';
import { Ctx, KafkaContext } from '@nestjs/microservices';
import { TOPICS } from '@infra/contracts';
import { InboxConsumer, OnEvent, purgeDeletedOrganization, setAssetStatus } from '@infra/messaging';
import { BusinessEventChanges, type ChangeEnvelope } from '../business-events/business-event-changes';
import { ReadModelsRepository } from './read-models.repository';

/** Business events changed by a member change are published under the change's organization, account and actor. */
const envelopeOf = (
  organizationId: string,
  event: { accountId: string | null; actorId: string | null },
): ChangeEnvelope => ({ organizationId, accountId: event.accountId, actorId: event.actorId });

/**
 * Feeds the events service's read models, each event applied once (inbox). Events without an organization are
 * ignored. When a collection's or tag's members change, the business events whose rules name it follow them, in the
 * same transaction (their `events.business-event.changed.v1` too).
 */
@Controller()
export class ReadModelsConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly readModels: ReadModelsRepository,
    private readonly changes: BusinessEventChanges,
  ) {}

  @OnEvent(TOPICS.inventoryAssetUpserted)
  async onAssetUpserted(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(context, TOPICS.inventoryAssetUpserted, 'events-assets', async (manager, event) => {
      if (event.organizationId)
        await this.readModels.upsertAsset(manager, event.organizationId, event.payload, event.occurredAt);
    });
  }

  @OnEvent(TOPICS.inventoryAssetStatusChanged)
  async onAssetStatusChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.inventoryAssetStatusChanged,
      'events-asset-status',
      async (manager, event) => {
        if (event.organizationId) await setAssetStatus(manager, event.organizationId, event.payload, event.occurredAt);
      },
    );
  }

  @OnEvent(TOPICS.inventoryCollectionChanged)
  async onCollectionChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.inventoryCollectionChanged,
      'events-collections',
      async (manager, event) => {
        const { organizationId, payload } = event;
        if (!organizationId) return;
        if (await this.readModels.replaceCollection(manager, organizationId, payload))
          await this.changes.followMembers(manager, envelopeOf(organizationId, event), 'collection', [
            payload.collectionId,
          ]);
      },
    );
  }

  @OnEvent(TOPICS.taggingTagsAssigned)
  async onTagsAssigned(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(context, TOPICS.taggingTagsAssigned, 'events-tag-assignments', async (manager, event) => {
      const { organizationId } = event;
      if (!organizationId) return;
      const tagIds = await this.readModels.applyTagAssignments(manager, organizationId, event.payload);
      await this.changes.followMembers(manager, envelopeOf(organizationId, event), 'tag', tagIds);
    });
  }

  @OnEvent(TOPICS.taggingTagChanged)
  async onTagChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(context, TOPICS.taggingTagChanged, 'events-tags', async (manager, event) => {
      if (event.organizationId) await this.readModels.upsertTag(manager, event.organizationId, event.payload);
    });
  }

  /** Offboarding: every row of a deleted organization goes. */
  @OnEvent(TOPICS.identityOrganizationChanged)
  async onOrganizationChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.identityOrganizationChanged,
      'events-organizations',
      async (manager, event) => {
        await purgeDeletedOrganization(manager, event);
      },
    );
  }
}
