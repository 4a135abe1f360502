import { Controller } from '@nestjs/common';
import { Ctx, KafkaContext } from '@nestjs/microservices';
import { TOPICS } from '@infra/contracts';
import { InboxConsumer, OnEvent, purgeDeletedOrganization } from '@infra/messaging';
import { ReadModelsRepository } from './read-models.repository';

/** Feeds inventory's read models, each event applied once (inbox). Events without an organization are ignored. */
@Controller()
export class ReadModelsConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly readModels: ReadModelsRepository,
  ) {}

  @OnEvent(TOPICS.taggingTagsAssigned)
  async onTagsAssigned(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(context, TOPICS.taggingTagsAssigned, 'inventory-asset-tags', async (manager, event) => {
      if (event.organizationId) await this.readModels.applyTagAssignments(manager, event.organizationId, event.payload);
    });
  }

  @OnEvent(TOPICS.taggingTagChanged)
  async onTagChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(context, TOPICS.taggingTagChanged, 'inventory-tags', async (manager, event) => {
      if (event.organizationId) await this.readModels.rememberTag(manager, event.organizationId, event.payload);
    });
  }

  @OnEvent(TOPICS.identityOrganizationChanged)
  async onOrganizationChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.identityOrganizationChanged,
      'inventory-organization-plans',
      async (manager, event) => {
        // Offboarding: every row of the organization goes.
        if (event.payload.deleted) await purgeDeletedOrganization(manager, event);
        // The payload names the organization and account; the envelope's must agree (no event moves a tenant).
        else if (event.organizationId === event.payload.organizationId)
          await this.readModels.rememberPlan(manager, event.payload);
      },
    );
  }

  @OnEvent(TOPICS.analyticsRatingsRecomputed)
  async onRatingsRecomputed(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.analyticsRatingsRecomputed,
      'inventory-asset-ratings',
      async (manager, event) => {
        if (event.organizationId) await this.readModels.applyRatings(manager, event.organizationId, event.payload);
      },
    );
  }
}
