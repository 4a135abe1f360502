import { Controller, Logger } from '@nestjs/common';
import { Ctx, KafkaContext } from '@nestjs/microservices';
import { TOPICS } from '@infra/contracts';
import { InboxConsumer, OnEvent } from '@infra/messaging';
import { TelemetryService } from './telemetry.service';

/**
 * Stores the telemetry inventory's AWS connector collected, through the same validation and load as
 * `POST telemetry`, each event once (inbox).
 */
@Controller()
export class CollectedTelemetryConsumer {
  private readonly logger = new Logger(CollectedTelemetryConsumer.name);

  constructor(
    private readonly inbox: InboxConsumer,
    private readonly telemetry: TelemetryService,
  ) {}

  @OnEvent(TOPICS.inventoryTelemetryCollected)
  async onCollected(@Ctx() context: KafkaContext): Promise<void> {
    await this.inbox.consume(
      context,
      TOPICS.inventoryTelemetryCollected,
      'analytics-collected-telemetry',
      async (_manager, event) => {
        const { organizationId, accountId } = event;
        if (!organizationId) return;
        // The COPY load commits in a transaction of its own (its own connection), not in this inbox transaction. So
        // an inbox commit that fails after it brings the event again and the same samples are loaded again: a
        // re-sent asset-hour replaces the stored one, so the redelivery changes nothing.
        const { accepted, rejected } = await this.telemetry.ingestCollected(
          { organizationId, accountId },
          event.payload.source,
          event.payload.samples,
        );
        if (rejected.length === 0) return;
        // Refused samples (an instance analytics does not know yet, a value out of range) can never pass: not retried.
        const reasons: Record<string, number> = {};
        for (const { field, reason } of rejected)
          reasons[`${field} ${reason}`] = (reasons[`${field} ${reason}`] ?? 0) + 1;
        this.logger.warn(
          { eventId: event.eventId, organizationId, source: event.payload.source, accepted, rejected: reasons },
          `${rejected.length} collected telemetry samples refused`,
        );
      },
    );
  }
}
