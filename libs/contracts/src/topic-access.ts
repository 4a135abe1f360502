import { TOPICS, type TopicName } from './topics';
import type { ServiceName } from './services';

/**
 * The topics each service consumes. Its consumer subscribes to these, and the brokers' ACLs
 * (libs/messaging kafka-provisioning.ts) let its Kafka user read these and no others; it writes only the topics it
 * owns (named `<service>.…`) and the dead-letter topics of those it consumes.
 */
export const SUBSCRIPTIONS: Record<ServiceName, readonly TopicName[]> = {
  identity: [TOPICS.inventoryAwsIntegrationChanged],
  inventory: [
    TOPICS.taggingTagsAssigned,
    TOPICS.taggingTagChanged,
    TOPICS.analyticsRatingsRecomputed,
    TOPICS.identityOrganizationChanged,
  ],
  tagging: [
    TOPICS.inventoryAssetUpserted,
    TOPICS.inventoryAssetStatusChanged,
    TOPICS.inventoryCollectionChanged,
    TOPICS.analyticsTelemetryFreshness,
    TOPICS.identityOrganizationChanged,
  ],
  events: [
    TOPICS.inventoryAssetUpserted,
    TOPICS.inventoryAssetStatusChanged,
    TOPICS.inventoryCollectionChanged,
    TOPICS.taggingTagsAssigned,
    TOPICS.taggingTagChanged,
    TOPICS.identityOrganizationChanged,
  ],
  analytics: [
    TOPICS.inventoryAssetUpserted,
    TOPICS.inventoryAssetStatusChanged,
    TOPICS.inventoryCollectionChanged,
    TOPICS.inventoryTelemetryCollected,
    TOPICS.taggingTagsAssigned,
    TOPICS.taggingTagChanged,
    TOPICS.identityOrganizationChanged,
    TOPICS.identityAccountThresholdsChanged,
    TOPICS.eventsBusinessEventChanged,
    TOPICS.eventsImpactUpserted,
  ],
};

/** The topics a service owns: it alone publishes them. */
export function ownedTopics(service: ServiceName): TopicName[] {
  return Object.values(TOPICS).filter((topic) => topic.startsWith(`${service}.`));
}
