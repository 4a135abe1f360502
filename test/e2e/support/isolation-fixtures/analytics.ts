// Analytics' entities as one tenant sees them: an asset and a collection (inventory's, copied into analytics' read
// models by its events), the asset with telemetry.
import { pollUntil } from '@infra/platform/testing';
import type { TelemetryIngestResponse } from '@infra/contracts';
import { call } from '../api-client';
import { ok, unique } from './fixture-helpers';
import type { Entities, RouteFixture, ServiceFixtures, Tenant } from './types';

const HOUR_MS = 3_600_000;
const currentHour = () => new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS).toISOString();
const telemetryOf = (asset: string) => ({ samples: [{ assetId: asset, hour: currentHour(), cpuUtil: 12 }] });

async function setup(owner: Tenant): Promise<Entities> {
  const name = `iso-telemetry-${unique()}`;
  const send = (method: string, path: string, body?: unknown) =>
    call<TelemetryIngestResponse>(method, path, { token: owner.token, organizationId: owner.organizationId, body });
  const upserted = await ok<{ results: { id: string }[] }>(
    'upserting an asset',
    send('PUT', 'assets', { assets: [{ externalId: `i-${name}`, name }] }),
  );
  const [asset] = upserted.results.map((result) => result.id);
  await pollUntil(
    'analytics knows the asset',
    async () => (await send('POST', 'telemetry', telemetryOf(asset))).body.accepted === 1,
  );
  const collection = (
    await ok<{ id: string }>('creating a collection', send('POST', 'collections', { name, assetIds: [asset] }))
  ).id;
  await pollUntil(
    'analytics knows the collection',
    async () => (await send('GET', `collections/${collection}/summary`)).status === 200,
  );
  return { ids: { asset, collection }, tokens: {}, secrets: [asset, collection, name] };
}

const ANALYSES = ['system-utilization', 'workload', 'cost-analysis', 'workload-gap-analysis'] as const;
const entity = (path: (ids: Record<string, string>) => string): RouteFixture => ({
  kind: 'entity',
  request: (_, { ids }) => ({ path: path(ids) }),
  ownerSucceeds: true,
});
const scoped = (path: string): RouteFixture => ({ kind: 'scoped', request: () => ({ path }), ownerSucceeds: true });

export const analytics: ServiceFixtures = {
  setup,
  routes: {
    // The owner's asset is named in the body, yet the answer is a 200 either way: the intruder's sample comes back
    // rejected as "unknown asset" (telemetry-ingest.e2e.test.ts asserts it). `list` states that truth: the intruder
    // is answered, without anything of the owner (the asset id is not echoed).
    'POST telemetry': {
      kind: 'list',
      request: (_, { ids }) => ({ path: 'telemetry', body: telemetryOf(ids.asset) }),
      ownerSucceeds: true,
    },
    ...Object.fromEntries(
      [...ANALYSES, 'system-ratings'].map((analysis) => [
        `GET assets/:id/${analysis}`,
        entity((ids) => `assets/${ids.asset}/${analysis}`),
      ]),
    ),
    ...Object.fromEntries(
      [...ANALYSES, 'summary'].map((analysis) => [
        `GET collections/:id/${analysis}`,
        entity((ids) => `collections/${ids.collection}/${analysis}`),
      ]),
    ),
    'GET data/telemetry': scoped('data/telemetry'),
    'GET data/financial': scoped('data/financial'),
    // The owner's own currency again: the intruder is refused by the header, the owner changes nothing.
    'PUT data/financial': {
      kind: 'scoped',
      request: () => ({ path: 'data/financial', body: { currency: 'USD' } }),
      ownerSucceeds: true,
    },
    ...Object.fromEntries(
      [...ANALYSES, 'system-ratings', 'business-overview'].map((analysis) => [
        `GET organizations/${analysis}`,
        scoped(`organizations/${analysis}`),
      ]),
    ),
  },
};
