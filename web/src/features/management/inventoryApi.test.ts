import { waitFor } from '@testing-library/react';
import { ORGANIZATION_HEADER, type SidebarDto, type ViewDto } from '@infra/contracts';
import { makeStore } from '../../app/store';
import { stubApiFetch, type SentRequest, type StubAnswer } from '../../testing/apiFetch';
import { setSelectedOrganization } from '../selection/selectedOrganizationSlice';
import { EMPTY_ORGANIZATION } from '../selection/types';
import { assetListQueryString, inventoryApi, viewFilterQueryString } from './inventoryApi';

describe('query strings', () => {
  it('sends only the parameters given, lists comma-separated, in a fixed order', () => {
    expect(assetListQueryString()).toBe('');
    expect(
      assetListQueryString({
        page: 2,
        pageSize: 20,
        sort: '-updatedAt',
        search: ' m6i ',
        status: ['active', 'archived'],
        tagIds: [],
        collectionIds: ['c1', 'c2'],
        timeHorizon: 'Last 7 Days',
        includeRatingData: true,
      }),
    ).toBe(
      'page=2&pageSize=20&sort=-updatedAt&search=m6i&status=active%2Carchived&collectionIds=c1%2Cc2&timeHorizon=Last+7+Days&includeRatingData=true',
    );
    expect(assetListQueryString({ search: '   ', status: [] })).toBe('');
  });

  it('builds the view summary filter', () => {
    expect(viewFilterQueryString({ tagIds: ['t1'], collectionIds: ['c1', 'c2'] })).toBe(
      'tagIds=t1&collectionIds=c1%2Cc2',
    );
    expect(viewFilterQueryString({})).toBe('');
  });
});

const view: ViewDto = {
  id: 'v1',
  name: 'web-tier',
  description: '',
  tagIds: [],
  collectionIds: [],
  timeHorizon: 'Last 30 Days',
  createdBy: 'u1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const sidebar: SidebarDto = { organizationId: 'o1', favorites: [], collections: [], views: [] };

describe('inventory endpoints (real API slice, stubbed fetch)', () => {
  let stub: ReturnType<typeof stubApiFetch>;
  let answer: (request: SentRequest) => StubAnswer;
  beforeEach(() => {
    answer = () => ({ status: 200, body: {} });
    stub = stubApiFetch((request) => answer(request));
  });
  afterEach(() => stub.restore());

  function storeWithOrganization() {
    const store = makeStore();
    store.dispatch(setSelectedOrganization({ ...EMPTY_ORGANIZATION, id: 'o1', name: 'Demo East' }));
    return store;
  }

  it('asks for a page of assets with the organization header', async () => {
    answer = () => ({ status: 200, body: { items: [], total: 0, page: 3, pageSize: 5 } });
    const store = storeWithOrganization();
    await store.dispatch(
      inventoryApi.endpoints.getAssets.initiate({ page: 3, pageSize: 5, sort: 'name', status: ['pending'] }),
    );
    expect(stub.sent[0]).toMatchObject({
      method: 'GET',
      url: '/api/v1/assets?page=3&pageSize=5&sort=name&status=pending',
      headers: { [ORGANIZATION_HEADER.toLowerCase()]: 'o1' },
    });
  });

  it('sends each write with its method, path and body', async () => {
    const store = storeWithOrganization();
    await store.dispatch(inventoryApi.endpoints.updateAssetsStatus.initiate({ assetIds: ['a1'], status: 'offline' }));
    await store.dispatch(inventoryApi.endpoints.createCollection.initiate({ name: 'Web', assetIds: ['a1'] }));
    await store.dispatch(inventoryApi.endpoints.renameCollection.initiate({ id: 'c1', name: 'Web tier' }));
    await store.dispatch(inventoryApi.endpoints.setCollectionAssets.initiate({ id: 'c1', add: ['a2'], remove: [] }));
    await store.dispatch(inventoryApi.endpoints.deleteCollection.initiate('c1'));
    await store.dispatch(inventoryApi.endpoints.createView.initiate({ id: 'v1', name: 'web-tier' }));
    await store.dispatch(inventoryApi.endpoints.deleteView.initiate('v1'));
    await store.dispatch(inventoryApi.endpoints.updateFavorite.initiate({ type: 'view', id: 'v1', favorite: true }));
    expect(stub.sent.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['POST', '/api/v1/assets/update-active-status', { assetIds: ['a1'], status: 'offline' }],
      ['POST', '/api/v1/collections', { name: 'Web', assetIds: ['a1'] }],
      ['PATCH', '/api/v1/collections/c1', { name: 'Web tier' }],
      ['PUT', '/api/v1/collections/c1/assets', { add: ['a2'] }],
      ['DELETE', '/api/v1/collections/c1', undefined],
      ['PATCH', '/api/v1/views', { id: 'v1', name: 'web-tier' }],
      ['DELETE', '/api/v1/views/v1', undefined],
      ['PUT', '/api/v1/meta/sidebar/favorite', { type: 'view', id: 'v1', favorite: true }],
    ]);
  });

  it('refreshes the sidebar when a view or collection changes', async () => {
    answer = (request) =>
      request.url === '/api/v1/meta/sidebar' ? { status: 200, body: sidebar } : { status: 200, body: view };
    const store = storeWithOrganization();
    const subscription = store.dispatch(inventoryApi.endpoints.getSidebar.initiate());
    await subscription;
    const sidebarReads = () => stub.sent.filter((request) => request.url === '/api/v1/meta/sidebar').length;
    expect(sidebarReads()).toBe(1);
    await store.dispatch(inventoryApi.endpoints.createView.initiate({ name: 'web-tier' }));
    await waitFor(() => expect(sidebarReads()).toBe(2));
    await store.dispatch(inventoryApi.endpoints.renameCollection.initiate({ id: 'c1', name: 'Web' }));
    await waitFor(() => expect(sidebarReads()).toBe(3));
    subscription.unsubscribe();
  });

  it('shows the view failure text, but the already-exists text for a duplicate name (§8)', async () => {
    const store = storeWithOrganization();
    answer = () => ({ status: 409, body: { statusCode: 409, message: 'taken', code: 'VIEW_NAME_TAKEN' } });
    await store.dispatch(inventoryApi.endpoints.createView.initiate({ name: 'web-tier' }));
    answer = () => ({ status: 500, body: { statusCode: 500, message: 'boom' } });
    await store.dispatch(inventoryApi.endpoints.createView.initiate({ name: 'web-tier' }));
    answer = () => ({ status: 200, body: view });
    await store.dispatch(inventoryApi.endpoints.createView.initiate({ name: 'web-tier' }));
    expect(store.getState().toasts.items.map((toast) => toast.messageKey)).toEqual([
      'toast.alreadyExists',
      'inventory.toasts.viewCreateError',
      'inventory.toasts.viewSaved',
    ]);
  });

  it('shows the already-exists text for a duplicate collection name', async () => {
    const store = storeWithOrganization();
    answer = () => ({ status: 409, body: { statusCode: 409, message: 'taken', code: 'COLLECTION_NAME_TAKEN' } });
    await store.dispatch(inventoryApi.endpoints.createCollection.initiate({ name: 'Web' }));
    expect(store.getState().toasts.items.map((toast) => toast.messageKey)).toEqual(['toast.alreadyExists']);
  });
});
