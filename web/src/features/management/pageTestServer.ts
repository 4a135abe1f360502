import type { AccountRole, AssetDto, CollectionDto, TagDto, ViewDto, ViewSummaryDto } from '@infra/contracts';
import { stubApiFetch, type SentRequest, type StubAnswer, type StubRoutes } from '../../testing/apiFetch';
import { act } from '@testing-library/react';
import type { makeStore } from '../../app/store';
import { accountFixture, organizationFixture, profileFixture } from '../../testing/fixtures';
import { setSelectedAccount } from '../selection/selectedAccountSlice';
import { setSelectedOrganization } from '../selection/selectedOrganizationSlice';

/** Test data and a stubbed gateway for the management pages' tests (imported by tests only). */

export function assetFixture(overrides: Partial<AssetDto> = {}): AssetDto {
  return {
    id: 'a1',
    externalId: 'i-0001',
    name: 'web-0001',
    status: 'active',
    collectionIds: [],
    tagIds: [],
    instance_type: 'm6i.large',
    site: 'us-east-1a',
    physical_processor: null,
    memory: 8,
    cpu_cores: 2,
    storage: null,
    cpu_speed: null,
    network_speed: null,
    current_generation: true,
    network_bandwidth_max: null,
    instance_lifecycle: null,
    cpu_generation: null,
    storage_throughput: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function collectionFixture(overrides: Partial<CollectionDto> = {}): CollectionDto {
  return {
    id: 'c1',
    name: 'Web tier',
    assetCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function viewFixture(overrides: Partial<ViewDto> = {}): ViewDto {
  return {
    id: 'v1',
    name: 'web-tier',
    description: 'Web_servers',
    tagIds: [],
    collectionIds: ['c1'],
    timeHorizon: 'Last 30 Days',
    createdBy: 'u1',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function tagFixture(overrides: Partial<TagDto> = {}): TagDto {
  const key = overrides.key ?? 'env';
  const value = overrides.value ?? 'prod';
  return {
    id: 't1',
    key,
    value,
    description: '',
    tagId: `${key}:${value}`,
    status: 'Active',
    system: false,
    assetCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export interface GatewayData {
  role: AccountRole;
  assets: AssetDto[];
  collections: CollectionDto[];
  views: ViewDto[];
  /** The organization's tags, system ones included; `GET tags` filters them by status and includeSystemTags. */
  tags: TagDto[];
  /** Answers for writes by "METHOD path"; default 200 with `{}`. */
  writes: Record<string, StubAnswer>;
  /** Answers for other reads by path (without /api/v1/). */
  reads?: StubRoutes;
}

const summary: ViewSummaryDto = {
  assetCount: 3,
  byStatus: { active: 3, offline: 0, pending: 0, archived: 0 },
  collections: [],
  tagIds: [],
};

/**
 * A stubbed gateway: the signed-in user u1 (with `role` in account a1, organization o1), the organization's
 * assets (searched by name, filtered by collection, paged), collections, views and tags.
 */
export function stubGateway(data: Partial<GatewayData> = {}) {
  const state: GatewayData = { role: 'Admin', assets: [], collections: [], views: [], tags: [], writes: {}, ...data };
  const profile = profileFixture({
    id: 'u1',
    role: state.role,
    accounts: [
      accountFixture({
        id: 'a1',
        slug: 'demo',
        role: state.role,
        organization: [organizationFixture({ id: 'o1', name: 'Demo East', accountId: 'a1' })],
      }),
    ],
  });
  const answer = (request: SentRequest): StubAnswer | Promise<StubAnswer> => {
    const path = request.path.replace(/^\/api\/v1\//, '');
    const search = request.search;
    if (request.method !== 'GET') return state.writes[`${request.method} ${path}`] ?? { status: 200, body: {} };
    if (path === 'users/profile') return { status: 200, body: profile };
    if (path === 'assets') {
      const name = (search.get('search') ?? '').toLowerCase();
      const page = Number(search.get('page') ?? 1);
      const pageSize = Number(search.get('pageSize') ?? 10);
      const collectionIds = search.get('collectionIds')?.split(',') ?? [];
      const found = state.assets
        .filter((asset) => asset.name.toLowerCase().includes(name))
        .filter((asset) => collectionIds.length === 0 || asset.collectionIds.some((id) => collectionIds.includes(id)));
      const items = found.slice((page - 1) * pageSize, page * pageSize);
      return { status: 200, body: { items, total: found.length, page, pageSize } };
    }
    if (path === 'collections') return { status: 200, body: state.collections };
    if (path === 'views') return { status: 200, body: state.views };
    if (path === 'views/summary') return { status: 200, body: summary };
    if (path === 'tags') {
      const statuses = search.get('status')?.split(',');
      const system = search.get('includeSystemTags') === 'true';
      const text = (search.get('search') ?? '').toLowerCase();
      const tagIds = search.get('tagIds')?.split(',');
      const found = state.tags
        .filter((tag) => (system || !tag.system) && (!statuses || statuses.includes(tag.status)))
        .filter((tag) => !tagIds || tagIds.includes(tag.id))
        .filter((tag) => `${tag.key} ${tag.value} ${tag.description}`.toLowerCase().includes(text));
      return { status: 200, body: found };
    }
    const extra = state.reads?.[path];
    if (extra) return extra(request);
    return { status: 404, body: { statusCode: 404, message: 'Not found' } };
  };
  return stubApiFetch(answer);
}

/** The requests other than reads, as "METHOD path" with their bodies. */
export function writesOf(sent: SentRequest[]): [string, unknown][] {
  return sent
    .filter((request) => request.method !== 'GET')
    .map((request) => [`${request.method} ${request.url.replace(/^\/api\/v1\//, '')}`, request.body]);
}

/** Selects the stub's account a1 and organization o1, as the layout does once the profile has loaded. */
export function selectDemoOrganization(store: ReturnType<typeof makeStore>): void {
  act(() => {
    store.dispatch(setSelectedAccount({ id: 'a1', name: 'Account', slug: 'demo' }));
    store.dispatch(setSelectedOrganization(organizationFixture({ id: 'o1', name: 'Demo East', accountId: 'a1' })));
  });
}
