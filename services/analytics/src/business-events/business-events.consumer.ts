import { Controller } from '@nestjs/common';
import { Ctx, KafkaContext } from '@nestjs/microservices';
import { TOPICS } from '@infra/contracts';
import { InboxConsumer, OnEvent } from '@infra/messaging';
import { AnalyticsScheduler } from '../rollups/analytics.jobs';
import { BusinessEventsRepository } from './business-events.repository';

/**
 * Feeds analytics' copy of the business events (window, assets, targets) and their expected impacts, each event
 * applied once (inbox). A new event, or one whose window or assets changed, is measured after the commit.
 */
@Controller()
export class BusinessEventsConsumer {
  constructor(
    private readonly inbox: InboxConsumer,
    private readonly events: BusinessEventsRepository,
    private readonly scheduler: AnalyticsScheduler,
  ) {}

  @OnEvent(TOPICS.eventsBusinessEventChanged)
  async onChanged(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.eventsBusinessEventChanged,
      'analytics-business-events',
      async (manager, event, effects) => {
        const { organizationId, payload } = event;
        if (!organizationId) return;
        if (await this.events.applyChanged(manager, organizationId, payload, event.occurredAt))
          effects.afterCommit(`measure ${payload.businessEventId}`, () =>
            this.scheduler.measureBusinessEvent(organizationId, payload.businessEventId),
          );
      },
    );
  }

  @OnEvent(TOPICS.eventsImpactUpserted)
  async onImpactUpserted(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.eventsImpactUpserted,
      'analytics-business-event-impacts',
      (manager, event) =>
        event.organizationId
          ? this.events.replaceExpectedImpacts(manager, event.organizationId, event.payload)
          : Promise.resolve(),
    );
  }
}
