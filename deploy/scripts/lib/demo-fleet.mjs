// The demo fleet: a deterministic (seeded) set of cloud instances, collections and views per organization, loaded
// through the product's own API (PUT assets, POST collections, PATCH views) like any client would.
// Analytics extends it with telemetry and costs (demo-telemetry.mjs: hourly samples through POST telemetry).
import { randomUUID } from 'node:crypto';
import { loadDemoTelemetry } from './demo-telemetry.mjs';

/** EC2-like instance types: current and previous generation, with their real shapes. */
export const INSTANCE_TYPES = [
  {
    type: 't3.medium',
    cores: 2,
    memory: 4,
    processor: 'Intel Xeon Platinum 8175M',
    speed: 3.1,
    network: 'Up to 5 Gigabit',
    bandwidth: 5,
    current: true,
    generation: 'Skylake',
    throughput: 260.62,
  },
  {
    type: 'm6i.large',
    cores: 2,
    memory: 8,
    processor: 'Intel Xeon 8375C',
    speed: 3.5,
    network: 'Up to 12.5 Gigabit',
    bandwidth: 12.5,
    current: true,
    generation: 'Ice Lake',
    throughput: 1250,
  },
  {
    type: 'm6i.2xlarge',
    cores: 8,
    memory: 32,
    processor: 'Intel Xeon 8375C',
    speed: 3.5,
    network: 'Up to 12.5 Gigabit',
    bandwidth: 12.5,
    current: true,
    generation: 'Ice Lake',
    throughput: 1250,
  },
  {
    type: 'c6g.xlarge',
    cores: 4,
    memory: 8,
    processor: 'AWS Graviton2',
    speed: 2.5,
    network: 'Up to 10 Gigabit',
    bandwidth: 10,
    current: true,
    generation: 'Graviton2',
    throughput: 593.75,
  },
  {
    type: 'r6i.2xlarge',
    cores: 8,
    memory: 64,
    processor: 'Intel Xeon 8375C',
    speed: 3.5,
    network: 'Up to 12.5 Gigabit',
    bandwidth: 12.5,
    current: true,
    generation: 'Ice Lake',
    throughput: 1250,
  },
  {
    type: 'i4i.xlarge',
    cores: 4,
    memory: 32,
    processor: 'Intel Xeon 8375C',
    speed: 3.5,
    network: 'Up to 25 Gigabit',
    bandwidth: 25,
    current: true,
    generation: 'Ice Lake',
    throughput: 1250,
    storage: '1 x 937 NVMe SSD',
  },
  {
    type: 'm4.large',
    cores: 2,
    memory: 8,
    processor: 'Intel Xeon E5-2686 v4',
    speed: 2.3,
    network: 'Moderate',
    bandwidth: 0.45,
    current: false,
    generation: 'Broadwell',
    throughput: 56.25,
  },
  {
    type: 'c4.xlarge',
    cores: 4,
    memory: 7.5,
    processor: 'Intel Xeon E5-2666 v3',
    speed: 2.9,
    network: 'High',
    bandwidth: 1.25,
    current: false,
    generation: 'Haswell',
    throughput: 93.75,
  },
  {
    type: 'r4.xlarge',
    cores: 4,
    memory: 30.5,
    processor: 'Intel Xeon E5-2686 v4',
    speed: 2.3,
    network: 'Up to 10 Gigabit',
    bandwidth: 10,
    current: false,
    generation: 'Broadwell',
    throughput: 106.25,
  },
  {
    type: 't2.medium',
    cores: 2,
    memory: 4,
    processor: 'Intel Xeon Family',
    speed: 3.3,
    network: 'Low to Moderate',
    bandwidth: 0.1,
    current: false,
    generation: 'Haswell',
    throughput: null,
  },
];

const SITES = ['us-east-1a', 'us-east-1b', 'us-west-2a', 'eu-west-1a', 'eu-central-1b', 'ap-southeast-2a'];
const ROLES = [
  { role: 'web', types: [0, 1, 3, 6, 9] },
  { role: 'api', types: [1, 2, 3, 7] },
  { role: 'db', types: [4, 5, 8] },
  { role: 'batch', types: [2, 3, 7] },
  { role: 'cache', types: [4, 8] },
];

/** mulberry32: a small seeded PRNG, so every install gets the same fleet. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` assets for the organization `label`, the same for the same seed. */
export function generateAssets(count, { seed = 1, label = 'demo' } = {}) {
  const next = random(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  return Array.from({ length: count }, (_, index) => {
    const { role, types } = pick(ROLES);
    const shape = INSTANCE_TYPES[pick(types)];
    const site = pick(SITES);
    const roll = next();
    const status = roll < 0.85 ? 'active' : roll < 0.93 ? 'offline' : roll < 0.97 ? 'pending' : 'archived';
    const lifecycle = next() < 0.8 ? 'on-demand' : next() < 0.5 ? 'spot' : 'reserved';
    const id = (seed * 1_000_003 + index).toString(16).padStart(17, '0').slice(-17);
    return {
      externalId: `i-${id}`,
      name: `${label}-${role}-${String(index + 1).padStart(4, '0')}`,
      status,
      instance_type: shape.type,
      site,
      physical_processor: shape.processor,
      memory: shape.memory,
      cpu_cores: shape.cores,
      storage: shape.storage ?? 'EBS only',
      cpu_speed: shape.speed,
      network_speed: shape.network,
      current_generation: shape.current,
      network_bandwidth_max: shape.bandwidth,
      instance_lifecycle: lifecycle,
      cpu_generation: shape.generation,
      storage_throughput: shape.throughput,
    };
  });
}

/**
 * Retries a request that failed on the network (a connection closed as it was reused, fetch's "fetch failed"), a
 * few times: a busy loading script must not abort `npm start`. Answers, even errors, are returned as they are.
 */
async function withNetworkRetries(request, attempts = 4) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof TypeError) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/** A minimal API client for scripts: signs in, then sends JSON with the organization header. */
export async function apiSession(gatewayUrl, { email, password }) {
  const signIn = await fetch(`${gatewayUrl}/api/v1/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in of ${email} failed: ${signIn.status} ${await signIn.text()}`);
  const { accessToken } = await signIn.json();
  const send = async (method, path, { organizationId, body } = {}) => {
    // One key for the call and its retries: a write whose answer was lost is not executed twice.
    const idempotencyKey = method === 'GET' || method === 'DELETE' ? undefined : randomUUID();
    const request = () =>
      fetch(`${gatewayUrl}/api/v1/${path}`, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          ...(organizationId ? { organizationid: organizationId } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    const response = await withNetworkRetries(request);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return { send, accessToken };
}

/** PUT assets in calls of 1000 (the API's batch limit); returns the ids in order. */
export async function putAssets(send, organizationId, assets) {
  const ids = [];
  for (let start = 0; start < assets.length; start += 1000) {
    const { results } = await send('PUT', 'assets', {
      organizationId,
      body: { assets: assets.slice(start, start + 1000) },
    });
    ids.push(...results.map((result) => result.id));
  }
  return ids;
}

const DEMO_ADMINS = [
  { email: 'admin@demo.local', password: 'Demo-Admin-Pass-1', slug: 'demo' },
  { email: 'acme@acme.local', password: 'Acme-Admin-Pass-1', slug: 'acme' },
];

/** Demo tags: environments split across the fleet, teams by collection, a cost centre still unassigned. */
async function loadDemoTags(send, organizationId, assetIds, collections) {
  const { tags } = await send('POST', 'tags/batch', {
    organizationId,
    body: {
      tags: [
        { key: 'env', value: 'production', description: 'Customer-facing' },
        { key: 'env', value: 'staging', description: 'Pre-release' },
        { key: 'team', value: 'web', description: 'Web_platform_team' },
        { key: 'team', value: 'data', description: 'Data_engineering' },
        { key: 'cost-center', value: 'CC-1001', description: 'Infrastructure' },
      ],
    },
  });
  const id = (tagId) => tags.find((tag) => tag.tagId === tagId).id;
  const split = Math.floor(assetIds.length * 0.7);
  for (const body of [
    { tagIds: [id('env:production')], assetIds: assetIds.slice(0, split) },
    { tagIds: [id('env:staging')], assetIds: assetIds.slice(split) },
    { tagIds: [id('team:web')], collectionIds: [collections['Web tier'].id] },
    { tagIds: [id('team:data')], collectionIds: [collections.Databases.id, collections['Batch processing'].id] },
  ])
    await untilTaggingKnows(() => send('POST', 'tags/batchAssignTags', { organizationId, body }));
  return tags;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo business events, so the dashboards' workload and cost charts show bands: a sale on the web tier 12 to 9 days
 * ago, and a migration of the data team's assets (by tag) 40 to 38 days ago.
 */
async function loadDemoEvents(send, organizationId, collections, tags) {
  const midnight = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const daysAgo = (days) => new Date(midnight - days * DAY_MS).toISOString();
  const teamData = tags.find((tag) => tag.tagId === 'team:data').id;
  const events = [
    {
      name: 'Holiday_sale',
      description: 'Seasonal_peak_on_the_web_tier',
      window: [12, 9],
      assignment: { collectionIds: [collections['Web tier'].id], tagIds: [], assetIds: [] },
    },
    {
      name: 'Database_migration',
      description: 'Data_team_moves_to_new_instances',
      window: [40, 38],
      assignment: { collectionIds: [], tagIds: [teamData], assetIds: [] },
    },
  ];
  for (const { name, description, window, assignment } of events) {
    const event = await send('POST', 'business-events', {
      organizationId,
      body: { name, description, startDate: daysAgo(window[0]), endDate: daysAgo(window[1]) },
    });
    // The events service learns of collections and tags from their topics: an unknown one is a retry.
    await untilKnown(/ failed: 400 .*BUSINESS_EVENT_ASSIGNMENT_INVALID/, () =>
      send('PATCH', `business-events/${event.id}`, { organizationId, body: { assignment } }),
    );
  }
  return events.length;
}

/** Tagging learns of assets and collections from inventory's events: a 404 right after creating them is a retry. */
const untilTaggingKnows = (request) => untilKnown(/ failed: 404 /, request);

/** Retries a request that fails as `notYet` says (a service has not heard of something yet), for up to 20 s. */
async function untilKnown(notYet, request) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await request();
    } catch (error) {
      if (attempt >= 100 || !notYet.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Loads the fleet into every demo organization that has no assets yet (so a restart, or an organization a user
 * already filled, is left alone). Returns a line per organization for the start log.
 */
export async function loadDemoFleet(gatewayUrl, { assetsPerOrganization = 300, telemetryDays = 90 } = {}) {
  const lines = [];
  let seed = 1;
  for (const admin of DEMO_ADMINS) {
    const session = await apiSession(gatewayUrl, admin);
    const { send } = session;
    const profile = await send('GET', 'users/profile');
    const account = profile.accounts.find((candidate) => candidate.slug === admin.slug);
    for (const organization of account?.organization ?? []) {
      seed += 1;
      const existing = await send('GET', 'assets?pageSize=1&status=active,offline,pending,archived', {
        organizationId: organization.id,
      });
      if (existing.total > 0) continue;
      const label = organization.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const assets = generateAssets(assetsPerOrganization, { seed, label });
      const ids = await putAssets(send, organization.id, assets);
      const byRole = (role) => ids.filter((_, index) => assets[index].name.includes(`-${role}-`));
      const collections = {};
      for (const [name, members] of [
        ['Web tier', byRole('web')],
        ['Databases', byRole('db')],
        ['Batch processing', byRole('batch')],
        ['Previous generation', ids.filter((_, index) => !assets[index].current_generation)],
      ])
        collections[name] = await send('POST', 'collections', {
          organizationId: organization.id,
          body: { name, assetIds: members.slice(0, 1000) },
        });
      for (const view of [
        { name: 'web-tier', description: 'Web_servers', collectionIds: [collections['Web tier'].id] },
        {
          name: 'data-and-batch',
          description: 'Databases,batch-jobs',
          collectionIds: [collections.Databases.id, collections['Batch processing'].id],
          timeHorizon: 'Last 7 Days',
        },
      ])
        await send('PATCH', 'views', { organizationId: organization.id, body: view });
      const tags = await loadDemoTags(send, organization.id, ids, collections);
      const events = await loadDemoEvents(send, organization.id, collections, tags);
      let line = `${organization.name}: ${assets.length} assets, 4 collections, 2 views, ${tags.length} tags, ${events} events`;
      if (telemetryDays > 0) {
        const telemetry = await loadDemoTelemetry(session, organization.id, assets, { days: telemetryDays, seed });
        line += `, ${telemetry.samples} telemetry samples (${telemetryDays} days) in ${telemetry.seconds.toFixed(1)} s`;
      }
      lines.push(line);
    }
  }
  return lines;
}
