import { ServiceDefinition } from '@infra/messaging';
import { BUSINESS_EVENT_LIMITS, BusinessEventErrorCode, SUBSCRIPTIONS, TOPICS } from '@infra/contracts';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';
import { BusinessEvents1767000000000 } from './database/migrations/1767000000000-business-events';
import { TenantWall1767100000000 } from './database/migrations/1767100000000-tenant-wall';
import { AssetCopyOrder1767500000000 } from './database/migrations/1767500000000-asset-copy-order';
import { businessEventError } from './events.errors';

/** The events service's migrations, in order. */
export const EVENTS_MIGRATIONS = [BusinessEvents1767000000000, TenantWall1767100000000, AssetCopyOrder1767500000000];

/** The events service: business events, their assignments and expected impact, and its read models. */
export function eventsService(env = loadServiceEnv('events', ServiceEnv)): ServiceDefinition {
  return {
    name: 'events',
    env,
    refusals: { organizationAdmin: () => businessEventError(BusinessEventErrorCode.AdminOnly) },
    // Every table is SQL in its feature's repository (set-based resolution of the rules).
    entities: [],
    migrations: EVENTS_MIGRATIONS,
    consumesEvents: true,
    publishes: [TOPICS.eventsBusinessEventChanged, TOPICS.eventsImpactUpserted],
    consumes: SUBSCRIPTIONS.events,
    // `PUT business-events/impact` takes 100,000 impacts: the gateway's route takes the same limit.
    bodyLimit: `${BUSINESS_EVENT_LIMITS.impactBodyMaxBytes}b`,
  };
}
