import type { TelemetrySample } from './analytics';
import * as v from 'valibot';
import { payloadField, payloadProblems, type PayloadSchema } from './envelope';

/**
 * Kafka topics: versioned names owned by their producing service, and the payload each carries.
 * Renaming or changing a payload incompatibly means a new version (".v2"), never an edit.
 */
export const TOPICS = {
  inventoryAssetUpserted: 'inventory.asset.upserted.v1',
  inventoryAssetStatusChanged: 'inventory.asset.status-changed.v1',
  inventoryCollectionChanged: 'inventory.collection.changed.v1',
  inventoryTelemetryCollected: 'inventory.telemetry.collected.v1',
  inventoryAwsIntegrationChanged: 'inventory.aws-integration.changed.v1',
  taggingTagsAssigned: 'tagging.tags.assigned.v1',
  taggingTagChanged: 'tagging.tag.changed.v1',
  taggingImportCompleted: 'tagging.import.completed.v1',
  eventsBusinessEventChanged: 'events.business-event.changed.v1',
  eventsImpactUpserted: 'events.business-event.impact-upserted.v1',
  identityOrganizationChanged: 'identity.organization.changed.v1',
  identityAccountThresholdsChanged: 'identity.account.thresholds-changed.v1',
  analyticsRatingsRecomputed: 'analytics.ratings.recomputed.v1',
  analyticsTelemetryFreshness: 'analytics.telemetry.freshness.v1',
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
  /** The organization's own id of the asset (added after v1 shipped: older events lack it). */
  externalId?: string;
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

/** Where collected samples come from: inventory's AWS connector (CloudWatch, with Cost Explorer's costs). */
export type CollectedTelemetrySource = 'aws-cloudwatch';
/** Every source of samples: `POST telemetry` (`api`: collectors, scripts, the demo generator) and the connectors. */
export type TelemetrySource = 'api' | CollectedTelemetrySource;

/** One hourly sample a connector collected: a `TelemetrySample` naming its asset by external id only. */
export type CollectedTelemetrySample = Omit<TelemetrySample, 'assetId' | 'externalId'> & { externalId: string };

/** Samples per `inventory.telemetry.collected.v1` event (about 1 MB of JSON): a producer chunks above it. */
export const TELEMETRY_COLLECTED_MAX_SAMPLES = 10_000;

/** Samples a connector collected; analytics validates and loads them as it does `POST telemetry`. */
export interface TelemetryCollectedPayload {
  source: CollectedTelemetrySource;
  samples: CollectedTelemetrySample[];
}

/**
 * An Admin configured or changed an organization's AWS integration: identity records it in the account's security log
 * (the actor is the envelope's; the client address is the request's, as the gateway saw it).
 */
export interface AwsIntegrationChangedPayload {
  roleArn: string;
  regions: string[];
  clientAddress: string | null;
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

/** One rule of an event's assignment and the assets it resolves to now. */
export interface BusinessEventTarget {
  kind: 'collection' | 'tag' | 'asset';
  id: string;
  /** The collection's name, the tag's `key:value`, the asset's name. */
  name: string;
  assetIds: string[];
}

/**
 * An event was created or changed, or its rules resolve to other assets (a collection or tag gained or lost members).
 * `assetIds` is the union of the targets' assets.
 */
export interface BusinessEventChangedPayload {
  businessEventId: string;
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  assetIds: string[];
  /** Added before the first producer shipped: optional so the v1 schema stays compatible. */
  targets?: BusinessEventTarget[];
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
  /** The account's plan limit when the event was written (events written before plans were enforced lack it). */
  assetLimit?: number;
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

/** When assets last reported telemetry (analytics publishes it as samples arrive; tagging derives tag status). */
export interface TelemetryFreshnessPayload {
  assets: { assetId: string; lastReportedAt: string }[];
}

/** One payload type per topic: producers and consumers are checked against this map. */
export interface TopicPayloads {
  [TOPICS.inventoryAssetUpserted]: AssetUpsertedPayload;
  [TOPICS.inventoryAssetStatusChanged]: AssetStatusChangedPayload;
  [TOPICS.inventoryCollectionChanged]: CollectionChangedPayload;
  [TOPICS.inventoryTelemetryCollected]: TelemetryCollectedPayload;
  [TOPICS.inventoryAwsIntegrationChanged]: AwsIntegrationChangedPayload;
  [TOPICS.taggingTagsAssigned]: TagsAssignedPayload;
  [TOPICS.taggingTagChanged]: TagChangedPayload;
  [TOPICS.taggingImportCompleted]: ImportCompletedPayload;
  [TOPICS.eventsBusinessEventChanged]: BusinessEventChangedPayload;
  [TOPICS.eventsImpactUpserted]: ImpactUpsertedPayload;
  [TOPICS.identityOrganizationChanged]: OrganizationChangedPayload;
  [TOPICS.identityAccountThresholdsChanged]: ThresholdsChangedPayload;
  [TOPICS.analyticsRatingsRecomputed]: RatingsRecomputedPayload;
  [TOPICS.analyticsTelemetryFreshness]: TelemetryFreshnessPayload;
}

/** The payload type of a topic: `publish(TOPICS.x, payload)` and `OnEvent(TOPICS.x)` handlers are checked against it. */
export type PayloadOf<T extends TopicName> = TopicPayloads[T];

/**
 * What a consumer checks before applying a message (one schema per topic, bound to its payload type). A message
 * that fails goes to the topic's dead-letter topic at once: it can never succeed, so it is not retried.
 * Built by a pure call so the web bundle, which imports this module for the names and types only, leaves it out.
 */
export const TOPIC_SCHEMAS: { [T in TopicName]: PayloadSchema<TopicPayloads[T]> } = /* @__PURE__ */ topicSchemas();

function topicSchemas(): { [T in TopicName]: PayloadSchema<TopicPayloads[T]> } {
  const s = payloadField;
  const assetStatus = s.oneOf('active', 'offline', 'pending', 'archived');
  const tagAssignment = s.object({ tagId: s.uuid(), assetId: s.uuid() });
  return {
    [TOPICS.inventoryAssetUpserted]: s.object({
      assetId: s.uuid(),
      externalId: v.optional(s.string({ min: 1, max: 500 })),
      name: s.string({ min: 1, max: 500 }),
      status: assetStatus,
      collectionIds: s.array(s.uuid()),
      attributes: s.record(s.scalar()),
    }),
    [TOPICS.inventoryAssetStatusChanged]: s.object({
      assetId: s.uuid(),
      status: assetStatus,
    }),
    [TOPICS.inventoryCollectionChanged]: s.object({
      collectionId: s.uuid(),
      name: s.string({ max: 500 }),
      assetIds: s.array(s.uuid(), { max: 100_000 }),
      deleted: s.boolean(),
    }),
    // Types only: the ranges are analytics' per-sample rules, so one bad sample is refused alone instead of sending
    // the whole event to the dead-letter topic.
    [TOPICS.inventoryTelemetryCollected]: s.object({
      source: s.oneOf('aws-cloudwatch'),
      samples: s.array(
        s.object({
          externalId: s.string({ min: 1, max: 500 }),
          hour: s.isoDate(),
          cpuUtil: s.number(),
          memUtil: v.optional(s.number()),
          storageUtil: v.optional(s.number()),
          networkInBytes: v.optional(s.number()),
          networkOutBytes: v.optional(s.number()),
          cost: v.optional(s.number()),
        }),
        { max: TELEMETRY_COLLECTED_MAX_SAMPLES },
      ),
    }),
    [TOPICS.inventoryAwsIntegrationChanged]: s.object({
      roleArn: s.string({ min: 1, max: 2048 }),
      regions: s.array(s.string({ min: 1, max: 64 }), { max: 100 }),
      clientAddress: v.nullable(s.string({ max: 100 })),
    }),
    [TOPICS.taggingTagsAssigned]: s.object({
      assignments: s.array(tagAssignment, { max: 100_000 }),
      unassignments: s.array(tagAssignment, { max: 100_000 }),
    }),
    [TOPICS.taggingTagChanged]: s.object({
      tagId: s.uuid(),
      key: s.string({ min: 1, max: 500 }),
      value: s.string({ max: 500 }),
      description: s.string(),
      status: s.oneOf('Active', 'Offline', 'Pending', 'Archived'),
    }),
    [TOPICS.taggingImportCompleted]: s.object({
      importId: s.uuid(),
      fileName: s.string({ max: 1000 }),
      recordsImported: s.number({ min: 0 }),
    }),
    [TOPICS.eventsBusinessEventChanged]: s.object({
      businessEventId: s.uuid(),
      name: s.string({ max: 500 }),
      description: s.string(),
      startDate: s.isoDate(),
      endDate: s.isoDate(),
      assetIds: s.array(s.uuid(), { max: 100_000 }),
      targets: v.optional(
        s.array(
          s.object({
            kind: s.oneOf('collection', 'tag', 'asset'),
            id: s.uuid(),
            name: s.string({ max: 1000 }),
            assetIds: s.array(s.uuid(), { max: 100_000 }),
          }),
          { max: 5200 },
        ),
      ),
      deleted: s.boolean(),
    }),
    [TOPICS.eventsImpactUpserted]: s.object({
      businessEventId: s.uuid(),
      impacts: s.array(s.object({ assetId: s.uuid(), impactPercent: s.number() }), { max: 100_000 }),
    }),
    [TOPICS.identityOrganizationChanged]: s.object({
      organizationId: s.uuid(),
      accountId: s.uuid(),
      name: s.string({ max: 500 }),
      deleted: s.boolean(),
      assetLimit: v.optional(s.number({ min: 0, max: 10_000_000 })),
    }),
    [TOPICS.identityAccountThresholdsChanged]: s.object({
      accountId: s.uuid(),
      minWorkloadPercentThreshold: s.number({ min: 0, max: 100 }),
      maxWorkloadPercentThreshold: s.number({ min: 0, max: 100 }),
    }),
    [TOPICS.analyticsRatingsRecomputed]: s.object({
      ratings: s.array(
        s.object({
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
    [TOPICS.analyticsTelemetryFreshness]: s.object({
      assets: s.array(s.object({ assetId: s.uuid(), lastReportedAt: s.isoDate() }), { max: 100_000 }),
    }),
  };
}

/** The problems of a payload for its topic; empty when it is valid. */
export function validateTopicPayload<T extends TopicName>(topic: T, payload: unknown): string[] {
  return payloadProblems(TOPIC_SCHEMAS[topic], payload);
}
