import type { SidebarDto } from '@infra/contracts';
import { makeStore } from '../../app/store';
import { stubApiFetch, type SentRequest, type StubAnswer } from '../../testing/apiFetch';
import { setSelectedOrganization } from '../selection/selectedOrganizationSlice';
import { EMPTY_ORGANIZATION } from '../selection/types';
import { applyFavorite } from './favorites';
import { inventoryApi } from './inventoryApi';

const tree = (): SidebarDto => ({
  organizationId: 'o1',
  favorites: [{ type: 'collection', id: 'c1', name: 'Web', favorite: true }],
  collections: [
    { type: 'collection', id: 'c1', name: 'Web', favorite: true },
    { type: 'collection', id: 'c2', name: 'Db', favorite: false },
  ],
  views: [{ type: 'view', id: 'v1', name: 'web-tier', favorite: false }],
});

describe('applyFavorite (the optimistic sidebar)', () => {
  it('adds a favorite at the end, with its flag in its list', () => {
    const sidebar = tree();
    applyFavorite(sidebar, { type: 'view', id: 'v1', favorite: true });
    expect(sidebar.favorites.map((item) => item.id)).toEqual(['c1', 'v1']);
    expect(sidebar.favorites[1]).toEqual({ type: 'view', id: 'v1', name: 'web-tier', favorite: true });
    expect(sidebar.views[0]?.favorite).toBe(true);
  });

  it('takes a favorite out', () => {
    const sidebar = tree();
    applyFavorite(sidebar, { type: 'collection', id: 'c1', favorite: false });
    expect(sidebar.favorites).toEqual([]);
    expect(sidebar.collections[0]?.favorite).toBe(false);
  });

  it('names an asset (in no list) by the name given, and does not add it twice', () => {
    const sidebar = tree();
    applyFavorite(sidebar, { type: 'asset', id: 'a1', favorite: true, name: 'web-01' });
    applyFavorite(sidebar, { type: 'asset', id: 'a1', favorite: true, name: 'web-01' });
    expect(sidebar.favorites.slice(1)).toEqual([{ type: 'asset', id: 'a1', name: 'web-01', favorite: true }]);
  });
});

describe('updateFavorite is optimistic', () => {
  let stub: ReturnType<typeof stubApiFetch>;
  let answer: (request: SentRequest) => StubAnswer;
  beforeEach(() => {
    stub = stubApiFetch((request) => answer(request));
  });
  afterEach(() => stub.restore());

  async function storeWithSidebar(saveAnswer: StubAnswer) {
    answer = (request) => (request.method === 'GET' ? { status: 200, body: tree() } : saveAnswer);
    const store = makeStore();
    store.dispatch(setSelectedOrganization({ ...EMPTY_ORGANIZATION, id: 'o1', name: 'Demo East' }));
    const subscription = store.dispatch(inventoryApi.endpoints.getSidebar.initiate());
    await subscription;
    const favorites = () =>
      inventoryApi.endpoints.getSidebar
        .select()(store.getState())
        .data?.favorites.map((item) => item.id);
    return { store, subscription, favorites };
  }

  it('shows the favorite at once, before the save answers, and keeps it', async () => {
    const { store, subscription, favorites } = await storeWithSidebar({
      status: 200,
      body: { type: 'view', id: 'v1', name: 'web-tier', favorite: true },
    });
    const saving = store.dispatch(
      inventoryApi.endpoints.updateFavorite.initiate({ type: 'view', id: 'v1', favorite: true }),
    );
    expect(favorites()).toEqual(['c1', 'v1']);
    expect((await saving).error).toBeUndefined();
    expect(favorites()).toEqual(['c1', 'v1']);
    expect(stub.sent.find((request) => request.method === 'PUT')?.body).toEqual({
      type: 'view',
      id: 'v1',
      favorite: true,
    });
    subscription.unsubscribe();
  });

  it('takes the change back when the save fails, with the error toast', async () => {
    const { store, subscription, favorites } = await storeWithSidebar({
      status: 500,
      body: { statusCode: 500, message: 'x', errorId: 'e-1' },
    });
    const saving = store.dispatch(
      inventoryApi.endpoints.updateFavorite.initiate({ type: 'collection', id: 'c1', favorite: false }),
    );
    expect(favorites()).toEqual([]);
    expect((await saving).error).toBeDefined();
    expect(favorites()).toEqual(['c1']);
    expect(store.getState().toasts.items.map((toast) => toast.messageKey)).toEqual(['toast.unknownError']);
    subscription.unsubscribe();
  });
});
