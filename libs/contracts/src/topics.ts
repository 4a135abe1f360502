import { Schema, schema as s } from './envelope';

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

export function isTopicName(value: string): value is TopicName {
  return (ALL_TOPICS as readonly string[]).includes(value);
}

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

/** Ratings of one asset on the 0–100 scale of analytics.md. */
export interface AssetRatingValues {
  assetId: string;
  infraRating: number;
  risk: number;
  optimization: number;
  volatility: number;
  dataHealth: number;
}

/** The ratings analytics recomputed (inventory keeps them in its read model for `includeRatingData`). */
export interface RatingsRecomputedPayload {
  ratings: AssetRatingValues[];
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

/** The payload type of a topic: `publish(TOPICS.x, payload)` and `OnEvent(TOPICS.x)` handlers are checked against it. */
export type PayloadOf<T extends TopicName> = TopicPayloads[T];

const assetStatus = s.oneOf<AssetStatus>('active', 'offline', 'pending', 'archived');
const tagAssignment = s.object<{ tagId: string; assetId: string }>({ tagId: s.uuid(), assetId: s.uuid() });

/**
 * What a consumer checks before applying a message (one schema per topic, bound to its payload type). A message
 * that fails goes to the topic's dead-letter topic at once: it can never succeed, so it is not retried.
 */
export const TOPIC_SCHEMAS: { [T in TopicName]: Schema<TopicPayloads[T]> } = {
  [TOPICS.inventoryAssetUpserted]: s.object<AssetUpsertedPayload>({
    assetId: s.uuid(),
    name: s.string({ min: 1, max: 500 }),
    status: assetStatus,
    collectionIds: s.array(s.uuid()),
    attributes: s.record(s.scalar()),
  }),
  [TOPICS.inventoryAssetStatusChanged]: s.object<AssetStatusChangedPayload>({ assetId: s.uuid(), status: assetStatus }),
  [TOPICS.inventoryCollectionChanged]: s.object<CollectionChangedPayload>({
    collectionId: s.uuid(),
    name: s.string({ max: 500 }),
    assetIds: s.array(s.uuid(), { max: 100_000 }),
    deleted: s.boolean(),
  }),
  [TOPICS.taggingTagsAssigned]: s.object<TagsAssignedPayload>({
    assignments: s.array(tagAssignment, { max: 100_000 }),
    unassignments: s.array(tagAssignment, { max: 100_000 }),
  }),
  [TOPICS.taggingTagChanged]: s.object<TagChangedPayload>({
    tagId: s.uuid(),
    key: s.string({ min: 1, max: 500 }),
    value: s.string({ max: 500 }),
    description: s.string(),
    status: s.oneOf<TagStatus>('Active', 'Offline', 'Pending', 'Archived'),
  }),
  [TOPICS.taggingImportCompleted]: s.object<ImportCompletedPayload>({
    importId: s.uuid(),
    fileName: s.string({ max: 1000 }),
    recordsImported: s.number({ min: 0 }),
  }),
  [TOPICS.eventsBusinessEventChanged]: s.object<BusinessEventChangedPayload>({
    businessEventId: s.uuid(),
    name: s.string({ max: 500 }),
    description: s.string(),
    startDate: s.isoDate(),
    endDate: s.isoDate(),
    assetIds: s.array(s.uuid(), { max: 100_000 }),
    deleted: s.boolean(),
  }),
  [TOPICS.eventsImpactUpserted]: s.object<ImpactUpsertedPayload>({
    businessEventId: s.uuid(),
    impacts: s.array(
      s.object<{ assetId: string; impactPercent: number }>({ assetId: s.uuid(), impactPercent: s.number() }),
      { max: 100_000 },
    ),
  }),
  [TOPICS.identityOrganizationChanged]: s.object<OrganizationChangedPayload>({
    organizationId: s.uuid(),
    accountId: s.uuid(),
    name: s.string({ max: 500 }),
    deleted: s.boolean(),
  }),
  [TOPICS.identityAccountThresholdsChanged]: s.object<ThresholdsChangedPayload>({
    accountId: s.uuid(),
    minWorkloadPercentThreshold: s.number({ min: 0, max: 100 }),
    maxWorkloadPercentThreshold: s.number({ min: 0, max: 100 }),
  }),
  [TOPICS.analyticsRatingsRecomputed]: s.object<RatingsRecomputedPayload>({
    ratings: s.array(
      s.object<AssetRatingValues>({
        assetId: s.uuid(),
        infraRating: s.number({ min: 0, max: 100 }),
        risk: s.number({ min: 0, max: 100 }),
        optimization: s.number({ min: 0, max: 100 }),
        volatility: s.number({ min: 0, max: 100 }),
        dataHealth: s.number({ min: 0, max: 100 }),
      }),
      { max: 100_000 },
    ),
    computedAt: s.isoDate(),
  }),
};

/** The problems of a payload for its topic; empty when it is valid. */
export function validateTopicPayload<T extends TopicName>(topic: T, payload: unknown): string[] {
  const check: Schema<unknown> = TOPIC_SCHEMAS[topic];
  return check(payload, '');
}
