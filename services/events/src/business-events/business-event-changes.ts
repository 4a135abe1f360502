import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BUSINESS_EVENT_LIMITS, TOPICS } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import { BusinessEventsRepository } from './business-events.repository';

const PUBLISH_BATCH = 20;

/** Who a change is published for: the envelope of `events.business-event.changed.v1`. */
export interface ChangeEnvelope {
  organizationId: string;
  accountId: string | null;
  actorId: string | null;
}

/**
 * Publishes `events.business-event.changed.v1` for events, as they are in the caller's transaction (outbox): their
 * window, their assets, and each rule's target with its assets. Analytics measures the impact from it.
 */
@Injectable()
export class BusinessEventChanges {
  private readonly logger = new Logger(BusinessEventChanges.name);

  constructor(
    private readonly events: BusinessEventsRepository,
    private readonly publisher: EventPublisher,
  ) {}

  /**
   * Collections' or tags' members changed (read models, in this transaction): the events whose rules name them are
   * resolved again, and each event whose assets changed is published. An event the change would take past
   * resolvedAssetsMax keeps its assets (its payload could not carry more) and is logged.
   */
  async followMembers(
    manager: EntityManager,
    envelope: ChangeEnvelope,
    kind: 'collection' | 'tag',
    targetIds: string[],
  ): Promise<string[]> {
    const eventIds = await this.events.eventsNaming(manager, envelope.organizationId, kind, targetIds);
    const { changed, oversized } = await this.events.resolve(
      manager,
      envelope.organizationId,
      eventIds,
      BUSINESS_EVENT_LIMITS.resolvedAssetsMax,
    );
    for (const id of oversized)
      this.logger.warn(
        { businessEventId: id, organizationId: envelope.organizationId },
        `business event left unchanged: its rules now cover more than ${BUSINESS_EVENT_LIMITS.resolvedAssetsMax} assets`,
      );
    await this.publish(manager, envelope, changed);
    return changed;
  }

  async publish(manager: EntityManager, envelope: ChangeEnvelope, eventIds: string[]): Promise<void> {
    // A few events at a time: each may carry 100,000 asset ids (twice: the union and the targets').
    for (let start = 0; start < eventIds.length; start += PUBLISH_BATCH)
      await this.publishBatch(manager, envelope, eventIds.slice(start, start + PUBLISH_BATCH));
  }

  private async publishBatch(manager: EntityManager, envelope: ChangeEnvelope, eventIds: string[]): Promise<void> {
    const rows = await this.events.changedRows(manager, envelope.organizationId, eventIds);
    await this.publisher.publishMany(
      manager,
      TOPICS.eventsBusinessEventChanged,
      rows.map((row) => ({
        ...envelope,
        payload: {
          businessEventId: row.id,
          name: row.name,
          description: row.description,
          startDate: row.start_date.toISOString(),
          endDate: row.end_date.toISOString(),
          assetIds: row.asset_ids,
          targets: row.targets,
          deleted: false,
        },
      })),
    );
  }
}
