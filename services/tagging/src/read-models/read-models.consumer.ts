import { Controller, Inject } from '@nestjs/common';
import { Ctx, KafkaContext } from '@nestjs/microservices';
import { TOPICS } from '@infra/contracts';
import { InboxConsumer, OnEvent, purgeDeletedOrganization, setAssetStatus } from '@infra/messaging';
import { FILE_STORE, type FileStore } from '../file-store/file-store';
import { RulesService } from '../rules/rules.service';
import { SystemTagsService } from '../tag-assignment/system-tags.service';
import { ReadModelsRepository } from './read-models.repository';

/** Feeds tagging's read models, each event applied once (inbox). Events without an organization are ignored. */
@Controller()
export class ReadModelsConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly readModels: ReadModelsRepository,
    private readonly systemTags: SystemTagsService,
    private readonly rules: RulesService,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /**
   * The asset's copy, then its system tags (site, instance type) follow its attributes and the organization's
   * enabled business rules add their tags, in the same transaction: once for all the assets of a batch of events
   * of one origin, so a fleet's upserts publish one assignment event per batch, not one per asset.
   */
  @OnEvent(TOPICS.inventoryAssetUpserted)
  async onAssetUpserted(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.inventoryAssetUpserted,
      'tagging-assets',
      async (manager, event, effects) => {
        const { organizationId, accountId, actorId, payload, occurredAt } = event;
        if (!organizationId) return;
        if (!(await this.readModels.upsertAsset(manager, organizationId, payload, occurredAt))) return;
        const origin = { organizationId, accountId, actorId };
        effects.beforeCommit(
          `derive tags ${organizationId} ${accountId} ${actorId}`,
          payload.assetId,
          async (tx, assetIds: string[]) => {
            const unique = [...new Set(assetIds)];
            await this.systemTags.derive(tx, origin, unique);
            await this.rules.applyToAssets(tx, origin, unique);
          },
        );
      },
    );
  }

  @OnEvent(TOPICS.inventoryAssetStatusChanged)
  async onAssetStatusChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.inventoryAssetStatusChanged,
      'tagging-asset-status',
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
      'tagging-collections',
      async (manager, event) => {
        if (event.organizationId) await this.readModels.replaceCollection(manager, event.organizationId, event.payload);
      },
    );
  }

  /** Analytics reports when assets last sent telemetry: the status of their tags (Active, Offline) follows. */
  @OnEvent(TOPICS.analyticsTelemetryFreshness)
  async onTelemetryFreshness(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.analyticsTelemetryFreshness,
      'tagging-telemetry-freshness',
      async (manager, event) => {
        if (event.organizationId) await this.readModels.applyFreshness(manager, event.organizationId, event.payload);
      },
    );
  }

  /** Offboarding: every row and stored file of a deleted organization goes. */
  @OnEvent(TOPICS.identityOrganizationChanged)
  async onOrganizationChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.identityOrganizationChanged,
      'tagging-organizations',
      async (manager, event) => {
        const purged = await purgeDeletedOrganization(manager, event);
        // In the transaction: if removing the files fails, the purge is retried with them.
        if (purged) await this.files.removeOrganization(purged);
      },
    );
  }
}
