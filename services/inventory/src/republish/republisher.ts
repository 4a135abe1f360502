import { TOPICS } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import { inOrganization } from '@infra/platform';
import { RepublishRepository } from './republish.repository';

/** Assets per transaction (and per outbox statement): the size `PUT assets` publishes at once. */
const ASSETS_PER_BATCH = 1000;
/** Collections per transaction: each event carries every member id (up to 100,000 of them). */
const COLLECTIONS_PER_BATCH = 20;

export interface RepublishCounts {
  assets: number;
  collections: number;
}

/**
 * Rebuilds the other services' copies of inventory (tagging's, analytics' and events' assets and collections) from
 * inventory itself: publishes one `inventory.asset.upserted` event per asset and one `inventory.collection.changed`
 * per collection, each as the asset or collection now is, through the outbox. The copies apply them as any change
 * (the newest by source time wins: an asset they hold already is rewritten with what it is; one they lost comes back),
 * so it is safe to run at any time and to run twice. Kafka keeps a topic 7 days, so replaying the topic cannot
 * rebuild a copy; the source can. Batches commit one at a time: a run that stops half-way has published whole
 * batches, and running it again publishes everything again.
 */
export class Republisher {
  constructor(
    private readonly repository: RepublishRepository,
    private readonly events: EventPublisher,
  ) {}

  /** Every organization's assets and collections (the operator's `--all`). */
  async republishAll(report: (organizationId: string, counts: RepublishCounts) => void): Promise<void> {
    for (const organizationId of await this.repository.organizations())
      report(organizationId, await this.republish(organizationId));
  }

  /** One organization's, as that organization (the tenant wall shows no other's rows). */
  republish(organizationId: string): Promise<RepublishCounts> {
    return inOrganization(organizationId, async () => {
      const counts = { assets: 0, collections: 0 };
      let afterId: string | null = null;
      for (;;) {
        const published = await this.repository.transaction(async (manager) => {
          const page = await this.repository.assetPage(manager, organizationId, afterId, ASSETS_PER_BATCH);
          await this.events.publishMany(
            manager,
            TOPICS.inventoryAssetUpserted,
            page.map(({ accountId, payload }) => ({ organizationId, accountId, actorId: null, payload })),
          );
          return page;
        });
        counts.assets += published.length;
        if (published.length < ASSETS_PER_BATCH) break;
        afterId = published.at(-1)!.payload.assetId;
      }
      const collections = await this.repository.transaction((manager) =>
        this.repository.collections(manager, organizationId),
      );
      for (let start = 0; start < collections.length; start += COLLECTIONS_PER_BATCH)
        await this.repository.transaction((manager) =>
          this.events.publishMany(
            manager,
            TOPICS.inventoryCollectionChanged,
            collections.slice(start, start + COLLECTIONS_PER_BATCH).map(({ accountId, ...collection }) => ({
              organizationId,
              accountId,
              actorId: null,
              payload: { ...collection, deleted: false },
            })),
          ),
        );
      counts.collections = collections.length;
      return counts;
    });
  }
}
