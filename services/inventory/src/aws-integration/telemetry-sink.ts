import { type CollectedTelemetrySample, TELEMETRY_COLLECTED_MAX_SAMPLES, TOPICS } from '@infra/contracts';
import type { EventPublisher } from '@infra/messaging';
import type { SyncTenant } from './asset-sink';
import type { AwsIntegrationRepository } from './aws-integration.repository';

/** Where collected samples go (analytics validates, resolves and stores them). */
export interface TelemetrySink {
  publish(tenant: SyncTenant, samples: CollectedTelemetrySample[]): Promise<void>;
}

/** `inventory.telemetry.collected.v1` events in inventory's outbox: one transaction per call, chunked per event. */
export class OutboxTelemetrySink implements TelemetrySink {
  constructor(
    private readonly repository: AwsIntegrationRepository,
    private readonly events: EventPublisher,
  ) {}

  async publish(tenant: SyncTenant, samples: CollectedTelemetrySample[]): Promise<void> {
    if (samples.length === 0) return;
    const inputs = Array.from({ length: Math.ceil(samples.length / TELEMETRY_COLLECTED_MAX_SAMPLES) }, (_, chunk) => ({
      ...tenant,
      payload: {
        source: 'aws-cloudwatch' as const,
        samples: samples.slice(chunk * TELEMETRY_COLLECTED_MAX_SAMPLES, (chunk + 1) * TELEMETRY_COLLECTED_MAX_SAMPLES),
      },
    }));
    await this.repository.transaction((manager) =>
      this.events.publishMany(manager, TOPICS.inventoryTelemetryCollected, inputs),
    );
  }
}
