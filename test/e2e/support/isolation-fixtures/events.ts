// Business events as one tenant sees them: assets, a collection and a tag (inventory's and tagging's, copied into the
// events service's read models by their events), and an event assigned to them. Also the fixture of analytics'
// `GET assets/business-event/impact`, which needs such an event (see `withBusinessEventImpact`).
import { pollUntil } from '@infra/platform/testing';
import type { BusinessEventDto } from '@infra/contracts';
import { call } from '../api-client';
import { ok, unique } from './fixture-helpers';
import type { Entities, RouteFixture, ServiceFixtures, Tenant } from './types';

const EVENT_DATES = { startDate: '2026-01-10T00:00:00.000Z', endDate: '2026-01-12T00:00:00.000Z' };
const WINDOW = 'startDate=2026-01-01T00:00:00Z&endDate=2026-02-01T00:00:00Z';

const sender = (owner: Tenant) => (method: string, path: string, body?: unknown) =>
  call(method, path, { token: owner.token, organizationId: owner.organizationId, body });

/**
 * Creates an event as the owner, assigned by `assignment`. The events service learns of the assets, collections and
 * tags from their events: the assignment is refused until it has, so the creation is retried until it succeeds.
 */
async function createEvent(
  owner: Tenant,
  name: string,
  assignment: { collectionIds?: string[]; tagIds?: string[]; assetIds?: string[] },
): Promise<string> {
  const send = sender(owner);
  const body = {
    name,
    ...EVENT_DATES,
    assignment: { collectionIds: [], tagIds: [], assetIds: [], ...assignment },
  };
  const event = await pollUntil('the events service knows the assigned assets', async () => {
    const { status, body: created } = await send('POST', 'business-events', body);
    return status === 201 ? (created as BusinessEventDto) : undefined;
  });
  return event.id;
}

async function setup(owner: Tenant): Promise<Entities> {
  const run = unique();
  const send = sender(owner);
  const assetNames = [`iso-event-asset-${run}`, `iso-event-tagged-${run}`];
  const upserted = await ok<{ results: { id: string }[] }>(
    'upserting assets',
    send('PUT', 'assets', { assets: assetNames.map((name) => ({ externalId: `i-${name}`, name })) }),
  );
  const [asset, taggedAsset] = upserted.results.map((result) => result.id);
  const collectionName = `iso-event-collection-${run}`;
  const collection = (
    await ok<{ id: string }>(
      'creating a collection',
      send('POST', 'collections', { name: collectionName, assetIds: [asset] }),
    )
  ).id;
  const tagKey = `iso-event-tag-${run}`;
  const [tag] = (
    await ok<{ tags: { id: string }[] }>(
      'creating a tag',
      send('POST', 'tags/batch', { tags: [{ key: tagKey, value: 'isolation' }] }),
    )
  ).tags.map((created) => created.id);
  await pollUntil(
    'tagging knows the asset',
    async () => (await send('POST', 'tags/batchAssignTags', { tagIds: [tag], assetIds: [taggedAsset] })).status === 200,
  );
  const eventName = `iso-event-${run}`;
  const event = await createEvent(owner, eventName, { collectionIds: [collection], tagIds: [tag], assetIds: [asset] });
  return {
    ids: { asset, taggedAsset, collection, tag, event, eventName },
    tokens: {},
    secrets: [asset, taggedAsset, collection, tag, event, eventName, collectionName, tagKey, ...assetNames],
  };
}

const entity = (request: RouteFixture['request']): RouteFixture => ({ kind: 'entity', request, ownerSucceeds: true });

export const events: ServiceFixtures = {
  setup,
  routes: {
    // The intruder searches for the owner's event by name: its own organization's list, without it.
    'GET business-events': {
      kind: 'list',
      request: (_, { ids }) => ({ path: `business-events?search=${ids.eventName}&pageSize=100` }),
      ownerSucceeds: true,
    },
    // The body assigns the owner's asset: the intruder is answered 400 (assignment invalid: not its organization's
    // asset), naming nothing of the owner; the owner creates the event. `list`, as for POST telemetry: answered,
    // without anything of the owner.
    'POST business-events': {
      kind: 'list',
      request: (_, { ids }) => ({
        path: 'business-events',
        body: {
          name: `iso-new-event-${unique()}`,
          ...EVENT_DATES,
          assignment: { collectionIds: [], tagIds: [], assetIds: [ids.asset] },
        },
      }),
      ownerSucceeds: true,
    },
    'GET business-events/:id': entity((_, { ids }) => ({ path: `business-events/${ids.event}` })),
    'PATCH business-events/:id': entity((_, { ids }) => ({
      path: `business-events/${ids.event}`,
      body: { description: 'changed' },
    })),
    'PUT business-events/impact': entity((_, { ids }) => ({
      path: 'business-events/impact',
      body: { businessEventId: ids.event, impacts: [{ assetId: ids.asset, impactPercent: 10 }] },
    })),
    // The owner's collection (and asset) as a chart's target: unknown in the intruder's organization (404).
    'GET business-events/target/:id': entity((_, { ids }) => ({
      path: `business-events/target/${ids.collection}?${WINDOW}`,
    })),
  },
};

/**
 * Analytics' fixtures plus `GET assets/business-event/impact`: analytics' asset assigned to an event of the owner,
 * which analytics learns of from `events.business-event.changed.v1` (the owner's request succeeds once it has).
 */
export function withBusinessEventImpact(analytics: ServiceFixtures): ServiceFixtures {
  return {
    setup: async (owner) => {
      const entities = await analytics.setup(owner);
      const eventName = `iso-impact-event-${unique()}`;
      const event = await createEvent(owner, eventName, { assetIds: [entities.ids.asset!] });
      const send = sender(owner);
      await pollUntil(
        'analytics knows the business event',
        async () => (await send('GET', `assets/business-event/impact?businessEventId=${event}`)).status === 200,
      );
      return {
        ...entities,
        ids: { ...entities.ids, businessEvent: event },
        secrets: [...entities.secrets, event, eventName],
      };
    },
    routes: {
      ...analytics.routes,
      'GET assets/business-event/impact': entity((_, { ids }) => ({
        path: `assets/business-event/impact?businessEventId=${ids.businessEvent}`,
      })),
    },
  };
}
