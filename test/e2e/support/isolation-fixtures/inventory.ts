// Inventory's entities as one tenant sees them: two assets, a collection holding them (and one to delete), a view
// filtered by that collection (and one to delete), and a favorite.
import { call } from '../api-client';
import { ok, unique } from './fixture-helpers';
import type { Entities, RouteFixture, ServiceFixtures, Tenant } from './types';

async function setup(owner: Tenant): Promise<Entities> {
  const tag = unique();
  const send = <T>(what: string, method: string, path: string, body?: unknown) =>
    ok<T>(what, call(method, path, { token: owner.token, organizationId: owner.organizationId, body }));
  const assets = [`iso-asset-a-${tag}`, `iso-asset-b-${tag}`];
  const upserted = await send<{ results: { id: string }[] }>('upserting assets', 'PUT', 'assets', {
    assets: assets.map((name) => ({ externalId: `i-${name}`, name, instance_type: 'm5.large', site: 'us-east-1a' })),
  });
  const assetIds = upserted.results.map((result) => result.id);
  const collection = await send<{ id: string }>('creating a collection', 'POST', 'collections', {
    name: `iso-collection-${tag}`,
    assetIds,
  });
  const doomedCollection = await send<{ id: string }>('creating a collection', 'POST', 'collections', {
    name: `iso-doomed-${tag}`,
  });
  const view = await send<{ id: string }>('saving a view', 'PATCH', 'views', {
    name: `iso-view-${tag}`,
    description: 'isolation',
    collectionIds: [collection.id],
  });
  const doomedView = await send<{ id: string }>('saving a view', 'PATCH', 'views', { name: `iso-doomed-${tag}` });
  await send('marking a favorite', 'PUT', 'meta/sidebar/favorite', { type: 'view', id: view.id, favorite: true });
  const roleArn = `arn:aws:iam::123456789012:role/iso-${tag}`;
  await send('saving the AWS integration', 'PUT', 'integrations/aws', { roleArn, externalId: `iso-${tag}` });
  return {
    ids: {
      asset: assetIds[0],
      otherAsset: assetIds[1],
      collection: collection.id,
      doomedCollection: doomedCollection.id,
      view: view.id,
      doomedView: doomedView.id,
    },
    tokens: {},
    secrets: [
      ...assets,
      ...assetIds,
      `iso-collection-${tag}`,
      collection.id,
      `iso-doomed-${tag}`,
      `iso-view-${tag}`,
      view.id,
      `iso-${tag}`,
    ],
  };
}

const entity = (request: RouteFixture['request']): RouteFixture => ({ kind: 'entity', request, ownerSucceeds: true });
const list = (path: string): RouteFixture => ({ kind: 'list', request: () => ({ path }), ownerSucceeds: true });

export const inventory: ServiceFixtures = {
  setup,
  routes: {
    'GET assets': list('assets?status=active,offline,pending,archived'),
    // Only the organizationId header names the tenant: the intruder's copy lands in its own organization.
    'PUT assets': {
      kind: 'scoped',
      request: () => ({ path: 'assets', body: { assets: [{ externalId: `iso-scoped-${unique()}`, name: 'scoped' }] } }),
      ownerSucceeds: true,
    },
    'POST assets/update-active-status': entity((_, { ids }) => ({
      path: 'assets/update-active-status',
      body: { assetIds: [ids.otherAsset], status: 'offline' },
    })),
    'GET assets/:id': entity((_, { ids }) => ({ path: `assets/${ids.asset}` })),
    'GET assets/:id/system-attributes': entity((_, { ids }) => ({ path: `assets/${ids.asset}/system-attributes` })),
    'GET collections': list('collections'),
    'POST collections': entity((_, { ids }) => ({
      path: 'collections',
      body: { name: `iso-new-${unique()}`, assetIds: [ids.asset] },
    })),
    'GET collections/:id': entity((_, { ids }) => ({ path: `collections/${ids.collection}` })),
    // No organizationId header: only the caller's organizations are searched (the owner, a System Admin: all).
    'GET locate/:kind/:id': entity((_, { ids }) => ({ path: `locate/asset/${ids.asset}` })),
    'PATCH collections/:id': entity((_, { ids }) => ({
      path: `collections/${ids.doomedCollection}`,
      body: { name: `iso-renamed-${unique()}` },
    })),
    'PUT collections/:id/assets': entity((_, { ids }) => ({
      path: `collections/${ids.collection}/assets`,
      body: { remove: [ids.otherAsset] },
    })),
    'DELETE collections/:id': entity((_, { ids }) => ({ path: `collections/${ids.doomedCollection}` })),
    'GET views': list('views'),
    'PATCH views': entity((_, { ids }) => ({
      path: 'views',
      body: { id: ids.doomedView, name: `iso-renamed-${unique()}` },
    })),
    'GET views/summary': {
      kind: 'list',
      request: (_, { ids }) => ({ path: `views/summary?collectionIds=${ids.collection}` }),
      ownerSucceeds: true,
    },
    'GET views/:id': entity((_, { ids }) => ({ path: `views/${ids.view}` })),
    'DELETE views/:id': entity((_, { ids }) => ({ path: `views/${ids.doomedView}` })),
    // One integration per organization: the header alone names it.
    'GET integrations/aws': { kind: 'scoped', request: () => ({ path: 'integrations/aws' }), ownerSucceeds: true },
    'PUT integrations/aws': {
      kind: 'scoped',
      request: () => ({
        path: 'integrations/aws',
        body: { roleArn: 'arn:aws:iam::123456789012:role/iso-scoped', externalId: 'iso-scoped' },
      }),
      ownerSucceeds: true,
    },
    'POST integrations/aws/sync': {
      kind: 'scoped',
      request: () => ({ path: 'integrations/aws/sync' }),
      ownerSucceeds: false,
    },
    'GET meta/sidebar': list('meta/sidebar'),
    'PUT meta/sidebar/favorite': entity((_, { ids }) => ({
      path: 'meta/sidebar/favorite',
      body: { type: 'collection', id: ids.collection, favorite: true },
    })),
  },
};
