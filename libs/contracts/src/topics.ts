/**
 * Kafka topics: versioned names owned by their producing service, and the payload each carries.
 * Renaming or changing a payload incompatibly means a new version (".v2"), never an edit.
 */
export const TOPICS = {
  inventoryAssetUpserted: 'inventory.asset.upserted.v1',
  inventoryAssetStatusChanged: 'inventory.asset.status-changed.v1',
  inventoryCollectionChanged: 'inventory.collection.changed.v1',
  taggingTagsAssigned: 'tagging.tags.assigned.v1',
  taggingTagChanged: 'tagging.tag.changed.v1',
  taggingImportCompleted: 'tagging.import.completed.v1',
  eventsBusinessEventChanged: 'events.business-event.changed.v1',
  eventsImpactUpserted: 'events.business-event.impact-upserted.v1',
  identityOrganizationChanged: 'identity.organization.changed.v1',
  identityAccountThresholdsChanged: 'identity.account.thresholds-changed.v1',
  analyticsRatingsRecomputed: 'analytics.ratings.recomputed.v1',
} as const;

export type TopicName = (typeof TOPICS)[keyof typeof TOPICS];

export const ALL_TOPICS: readonly TopicName[] = Object.values(TOPICS);

/** Messages a consumer gave up on (after bounded retries) land here, one dead-letter topic per source topic. */
export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}

export type AssetStatus = 'active' | 'offline' | 'pending' | 'archived';
export type TagStatus = 'Active' | 'Offline' | 'Pending' | 'Archived';

export interface AssetUpsertedPayload {
  assetId: string;
  name: string;
  status: AssetStatus;
  collectionIds: string[];
  attributes: Record<string, string | number | boolean | null>;
}

export interface AssetStatusChangedPayload {
  assetId: string;
  status: AssetStatus;
}

export interface CollectionChangedPayload {
  collectionId: string;
  name: string;
  assetIds: string[];
  deleted: boolean;
}

export interface TagsAssignedPayload {
  assignments: { tagId: string; assetId: string }[];
  unassignments: { tagId: string; assetId: string }[];
}

export interface TagChangedPayload {
  tagId: string;
  key: string;
  value: string;
  description: string;
  status: TagStatus;
}

export interface ImportCompletedPayload {
  importId: string;
  fileName: string;
  recordsImported: number;
}

export interface BusinessEventChangedPayload {
  businessEventId: string;
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  assetIds: string[];
  deleted: boolean;
}

export interface ImpactUpsertedPayload {
  businessEventId: string;
  impacts: { assetId: string; impactPercent: number }[];
}

export interface OrganizationChangedPayload {
  organizationId: string;
  accountId: string;
  name: string;
  deleted: boolean;
}

export interface ThresholdsChangedPayload {
  accountId: string;
  minWorkloadPercentThreshold: number;
  maxWorkloadPercentThreshold: number;
}

export interface RatingsRecomputedPayload {
  assetIds: string[];
  computedAt: string;
}

/** One payload type per topic: producers and consumers are checked against this map. */
export interface TopicPayloads {
  [TOPICS.inventoryAssetUpserted]: AssetUpsertedPayload;
  [TOPICS.inventoryAssetStatusChanged]: AssetStatusChangedPayload;
  [TOPICS.inventoryCollectionChanged]: CollectionChangedPayload;
  [TOPICS.taggingTagsAssigned]: TagsAssignedPayload;
  [TOPICS.taggingTagChanged]: TagChangedPayload;
  [TOPICS.taggingImportCompleted]: ImportCompletedPayload;
  [TOPICS.eventsBusinessEventChanged]: BusinessEventChangedPayload;
  [TOPICS.eventsImpactUpserted]: ImpactUpsertedPayload;
  [TOPICS.identityOrganizationChanged]: OrganizationChangedPayload;
  [TOPICS.identityAccountThresholdsChanged]: ThresholdsChangedPayload;
  [TOPICS.analyticsRatingsRecomputed]: RatingsRecomputedPayload;
}
