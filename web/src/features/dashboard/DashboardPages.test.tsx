import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  AssetDto,
  CollectionDetailDto,
  CollectionDto,
  SidebarDto,
  SystemAttributesDto,
  ViewDto,
} from '@infra/contracts';
import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { stubApiRoutes, type StubAnswer, type StubRoutes } from '../../testing/apiFetch';
import { analysisAnswer, analysisRoutes, costFixture, workloadFixture } from '../analytics/analyticsTestData';
import { accountFixture, organizationFixture, profileFixture } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import { setSelectedOrganization } from '../selection/selectedOrganizationSlice';
import AssetPage from './AssetPage';
import CollectionPage from './CollectionPage';
import ViewPage from './ViewPage';
import { selectDashboardFilter } from './dashboardFilterSlice';

const ASSET_ID = '3f1c2a9e-0b7d-4c1e-9a2b-5d6e7f8a9b0c';
const COLLECTION_ID = '11111111-2222-4333-8444-555555555555';
const VIEW_ID = '99999999-8888-4777-8666-555555555555';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** An asset of the user's other organization (org-2), as a shared link names it. */
const OTHER_ORG_ASSET_ID = '7e7e7e7e-1111-4222-8333-444444444444';

const asset = {
  id: ASSET_ID,
  externalId: 'i-0abc',
  name: 'web-01',
  status: 'active',
  collectionIds: [COLLECTION_ID],
  tagIds: [],
  instance_type: 'm5.large',
  site: 'us-east-1a',
  memory: 8,
  current_generation: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
} as unknown as AssetDto;
const attributes: SystemAttributesDto = {
  assetId: ASSET_ID,
  name: 'web-01',
  attributes: [
    { name: 'instance_type', value: 'm5.large' },
    { name: 'memory', value: 8 },
    { name: 'current_generation', value: true },
    { name: 'cpu_generation', value: null },
  ],
};
const collection: CollectionDetailDto = {
  id: COLLECTION_ID,
  name: 'Production',
  assetCount: 1,
  assetIds: [ASSET_ID],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const view: ViewDto = {
  id: VIEW_ID,
  name: 'prod-web',
  description: 'web,prod',
  tagIds: [],
  collectionIds: [COLLECTION_ID],
  timeHorizon: 'Last 7 Days',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const notFound = (entity: string) => ({
  status: 404,
  body: { statusCode: 404, message: `Oops! ${entity} Not Found`, errorId: 'e-1', code: 'NOT_FOUND' },
});

let sidebar: SidebarDto;
let stub: ReturnType<typeof stubApiRoutes>;
let routes: StubRoutes;

beforeEach(() => {
  localStorage.clear();
  sidebar = { organizationId: 'org-1', favorites: [], collections: [], views: [] };
  const collections: CollectionDto[] = [collection];
  routes = {
    ...analysisRoutes(`/api/v1/assets/${ASSET_ID}`),
    ...analysisRoutes(`/api/v1/collections/${COLLECTION_ID}`),
    ...analysisRoutes('/api/v1/organizations'),
    [`GET /api/v1/assets/${ASSET_ID}`]: () => ({ status: 200, body: asset }),
    [`GET /api/v1/assets/${ASSET_ID}/system-attributes`]: () => ({ status: 200, body: attributes }),
    [`GET /api/v1/assets/${UNKNOWN_ID}`]: () => notFound('Asset'),
    [`GET /api/v1/locate/asset/${UNKNOWN_ID}`]: () => notFound('Asset'),
    // Read in the organization that holds it only.
    [`GET /api/v1/assets/${OTHER_ORG_ASSET_ID}`]: ({ headers }) =>
      headers.organizationid === 'org-2'
        ? { status: 200, body: { ...asset, id: OTHER_ORG_ASSET_ID, name: 'db-07' } }
        : notFound('Asset'),
    [`GET /api/v1/assets/${OTHER_ORG_ASSET_ID}/system-attributes`]: () => ({ status: 200, body: attributes }),
    ...analysisRoutes(`/api/v1/assets/${OTHER_ORG_ASSET_ID}`),
    [`GET /api/v1/locate/asset/${OTHER_ORG_ASSET_ID}`]: () => ({
      status: 200,
      body: { kind: 'asset', id: OTHER_ORG_ASSET_ID, organizationId: 'org-2', accountId: 'acc-1' },
    }),
    'GET /api/v1/users/profile': () => ({
      status: 200,
      body: profileFixture({
        accounts: [
          accountFixture({
            id: 'acc-1',
            name: 'Demo Account',
            slug: 'demo',
            organization: [
              organizationFixture({ id: 'org-1', name: 'Demo East', accountId: 'acc-1' }),
              organizationFixture({ id: 'org-2', name: 'Demo West', accountId: 'acc-1' }),
            ],
          }),
        ],
      }),
    }),
    [`GET /api/v1/collections/${COLLECTION_ID}`]: () => ({ status: 200, body: collection }),
    [`GET /api/v1/views/${VIEW_ID}`]: () => ({ status: 200, body: view }),
    'GET /api/v1/assets': () => ({ status: 200, body: { items: [asset], total: 1, page: 1, pageSize: 10 } }),
    'GET /api/v1/collections': () => ({ status: 200, body: collections }),
    'GET /api/v1/views/summary': () => ({
      status: 200,
      body: {
        assetCount: 3,
        byStatus: { active: 2, offline: 1, pending: 0, archived: 0 },
        collections: [{ id: COLLECTION_ID, name: 'Production' }],
        tagIds: [],
      },
    }),
    'GET /api/v1/tags': () => ({ status: 200, body: [] }),
    'GET /api/v1/meta/sidebar': () => ({ status: 200, body: sidebar }),
    'PUT /api/v1/meta/sidebar/favorite': ({ body }) => {
      const item = { type: 'asset' as const, id: ASSET_ID, name: 'web-01', favorite: true };
      sidebar = { ...sidebar, favorites: (body as { favorite: boolean }).favorite ? [item] : [] };
      return { status: 200, body: item };
    },
    'PATCH /api/v1/views': ({ body }) =>
      (body as { name: string }).name === 'taken'
        ? {
            status: 409,
            body: {
              statusCode: 409,
              message: 'Oops!, the item you are trying to save already exist.',
              errorId: 'e-3',
              code: 'VIEW_NAME_TAKEN',
            },
          }
        : { status: 200, body: { ...view, id: VIEW_ID, ...(body as object) } },
  };
  stub = stubApiRoutes(routes);
});
afterEach(() => stub.restore());

function renderDashboard(path: string) {
  const result = renderWithApp(
    <Routes>
      <Route path={ROUTES.asset} element={<AssetPage />} />
      <Route path={ROUTES.collection} element={<CollectionPage />} />
      <Route path={ROUTES.view} element={<ViewPage />} />
    </Routes>,
    path,
  );
  act(() => {
    result.store.dispatch(setSelectedOrganization({ id: 'org-1', name: 'Demo East' }));
  });
  return result;
}

const toastKeys = (store: ReturnType<typeof renderDashboard>['store']) =>
  store.getState().toasts.items.map((toast) => toast.messageKey);

describe('asset dashboard', () => {
  it('shows the header, the system attributes, ratings and analyses of the asset, and titles the header', async () => {
    const { store } = renderDashboard(`/assets/${ASSET_ID}`);
    expect(await screen.findByRole('heading', { name: 'web-01', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('entity-kind').textContent).toBe('Asset');
    expect(screen.getByTestId('entity-details').textContent).toBe('Active');
    const section = await screen.findByRole('region', { name: 'System Attributes' });
    await waitFor(() => expect(within(section).getByTestId('attribute-memory').textContent).toBe('Memory8 GiB'));
    expect(within(section).getByTestId('attribute-current_generation').textContent).toBe('Current generationYes');
    expect(within(section).getByTestId('attribute-cpu_generation').textContent).toBe('CPU generationNot set');
    // The asset's own analyses, for Last 30 Days.
    const ratings = screen.getByRole('region', { name: 'System Ratings' });
    await waitFor(() => expect(within(ratings).getByTestId('infra-rating-score').textContent).toBe('72.4'));
    expect(within(ratings).getByTestId('input-hours').textContent).toBe('Hours counted70 h');
    const overview = screen.getByRole('region', { name: 'Business Overview' });
    await waitFor(() => expect(within(overview).getByTestId('cost-total').textContent).toBe('Cost$1,234.50'));
    expect(stub.callsTo(`GET /api/v1/assets/${ASSET_ID}/workload`)[0]?.search.get('timeHorizon')).toBe('30d');
    expect(store.getState().sidebar.selectedItem).toEqual({ id: ASSET_ID, name: 'web-01' });
    // The filter bar: Last 30 Days, nothing to apply or save yet.
    expect(screen.getByTestId('filter-time-horizon').textContent).toContain('Last 30 Days');
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save view' }) as HTMLButtonElement).disabled).toBe(true);
    // The tag options leave archived tags out.
    await waitFor(() => expect(stub.callsTo('GET /api/v1/tags')).toHaveLength(1));
    expect(stub.callsTo('GET /api/v1/tags')[0]?.search.get('status')).toBe('Active,Pending,Offline');
    expect(toastKeys(store)).toEqual([]);
  });

  it('marks the asset as a favorite with the star', async () => {
    renderDashboard(`/assets/${ASSET_ID}`);
    const star = await screen.findByRole('button', { name: 'Add web-01 to favorites' });
    await waitFor(() => expect((star as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(star);
    await waitFor(() =>
      expect(stub.callsTo('PUT /api/v1/meta/sidebar/favorite')[0]?.body).toEqual({
        type: 'asset',
        id: ASSET_ID,
        favorite: true,
      }),
    );
    const marked = await screen.findByRole('button', { name: 'Remove web-01 from favorites' });
    expect(marked.getAttribute('aria-pressed')).toBe('true');
  });

  it.each([
    ['an unknown (or another organization’s) id', UNKNOWN_ID],
    ['a malformed id', 'not-a-uuid'],
  ])('says "Oops! Asset Not Found" for %s, without a toast', async (_case, id) => {
    const { store } = renderDashboard(`/assets/${id}`);
    expect(await screen.findByRole('heading', { name: 'Oops! Asset Not Found' })).toBeTruthy();
    expect(screen.getByText('The item you are looking for may have been moved or deleted.')).toBeTruthy();
    expect(toastKeys(store)).toEqual([]);
    // The header and the tab name the page's kind.
    expect(store.getState().sidebar.selectedItem).toEqual({ titleKey: 'pages.asset' });
    expect(document.title).toBe('Asset · Infra Analytics');
    // A malformed id is never asked for.
    if (id === 'not-a-uuid') expect(stub.sent.filter((call) => call.path.includes(id))).toEqual([]);
  });

  it('offers to switch to the organization of the user that holds the asset, and then shows it', async () => {
    const { store } = renderDashboard(`/assets/${OTHER_ORG_ASSET_ID}`);
    const offer = await screen.findByTestId('switch-organization-offer');
    expect(within(offer).getByRole('heading', { name: 'Asset in another organization' })).toBeTruthy();
    expect(offer.textContent).toContain(
      'This item belongs to the organization Demo West of the account Demo Account, not to the one selected now.',
    );
    expect(toastKeys(store)).toEqual([]);
    fireEvent.click(within(offer).getByRole('button', { name: 'Switch organization' }));
    expect(store.getState().selectedOrganization).toMatchObject({ id: 'org-2', name: 'Demo West' });
    expect(store.getState().selectedAccount).toMatchObject({ id: 'acc-1', slug: 'demo' });
    expect(await screen.findByRole('heading', { name: 'db-07' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(`/assets/${OTHER_ORG_ASSET_ID}`);
  });

  it('gives no hint about an id no organization of the user holds', async () => {
    renderDashboard(`/assets/${UNKNOWN_ID}`);
    expect(await screen.findByRole('heading', { name: 'Oops! Asset Not Found' })).toBeTruthy();
    expect(screen.queryByTestId('switch-organization-offer')).toBeNull();
    expect(stub.callsTo(`GET /api/v1/locate/asset/${UNKNOWN_ID}`)).toHaveLength(1);
  });
});

describe('collection dashboard', () => {
  async function chooseProductionAndApply() {
    const picker = within(await screen.findByTestId('filter-collections')).getByRole('combobox');
    fireEvent.change(picker, { target: { value: 'Prod' } });
    const option = await screen.findByRole('option', { name: 'Production' });
    expect(option.getAttribute('data-value')).toBe(COLLECTION_ID);
    fireEvent.click(option);
    // Apply waits for the analyses awaiting data.
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    await waitFor(() => expect(apply.disabled).toBe(false));
    fireEvent.click(apply);
  }

  it('lists the members, and saves the applied filter as a view, then opens it', async () => {
    const { store } = renderDashboard(`/collections/${COLLECTION_ID}`);
    expect(await screen.findByRole('heading', { name: 'Production', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('member-count').textContent).toBe('Assets: 1');
    const members = await screen.findByRole('region', { name: 'System Attributes' });
    expect(await within(members).findByRole('link', { name: 'web-01' })).toBeTruthy();
    expect(stub.callsTo('GET /api/v1/assets')[0]?.search.get('collectionIds')).toBe(COLLECTION_ID);

    await chooseProductionAndApply();
    fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Save View' })).toBeTruthy();
    expect(within(dialog).getByTestId('save-view-filter').textContent).toContain('Collections: Production');

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'taken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Oops!, the item you are trying to save already exist.')).toBeTruthy();
    await waitFor(() => expect(toastKeys(store)).toEqual(['toast.alreadyExists']));

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'prod-web' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/views/${VIEW_ID}`));
    expect(stub.callsTo('PATCH /api/v1/views')[1]?.body).toEqual({
      name: 'prod-web',
      tagIds: [],
      collectionIds: [COLLECTION_ID],
      timeHorizon: 'Last 30 Days',
    });
  });

  it('shows the view failure text when saving fails otherwise', async () => {
    const { store } = renderDashboard(`/collections/${COLLECTION_ID}`);
    stub.restore();
    const failing = stubApiRoutes({
      [`GET /api/v1/collections/${COLLECTION_ID}`]: () => ({ status: 200, body: collection }),
      'GET /api/v1/collections': () => ({ status: 200, body: [collection] }),
      'GET /api/v1/assets': () => ({ status: 200, body: { items: [], total: 0, page: 1, pageSize: 10 } }),
      'GET /api/v1/meta/sidebar': () => ({ status: 200, body: sidebar }),
      'PATCH /api/v1/views': () => ({
        status: 500,
        body: { statusCode: 500, message: 'x', errorId: 'e-4', code: 'INTERNAL' },
      }),
    });
    try {
      await chooseProductionAndApply();
      fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'prod-web' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(toastKeys(store)).toContain('inventory.toasts.viewCreateError'));
      expect(screen.getByRole('dialog')).toBeTruthy();
    } finally {
      failing.restore();
    }
  });
});

describe('view dashboard', () => {
  it("starts the filter from the view's collections and time horizon, and shows its summary", async () => {
    const { store } = renderDashboard(`/views/${VIEW_ID}`);
    expect(await screen.findByRole('heading', { name: 'prod-web', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('entity-details').textContent).toBe('web,prod');
    expect(await screen.findByTestId('summary-total')).toBeTruthy();
    expect(screen.getByTestId('summary-total').textContent).toBe('Matching, not archived3');
    expect(screen.getByTestId('view-filter-collections').textContent).toBe('Production');
    expect(stub.callsTo('GET /api/v1/views/summary')[0]?.search.get('collectionIds')).toBe(COLLECTION_ID);
    // A view has no analyses of its own: the organization's, with the view's filter and time horizon.
    await waitFor(() => expect(stub.callsTo('GET /api/v1/organizations/workload')).toHaveLength(1));
    const workload = stub.callsTo('GET /api/v1/organizations/workload')[0]?.search;
    expect([workload?.get('collectionIds'), workload?.get('tagIds'), workload?.get('timeHorizon')]).toEqual([
      COLLECTION_ID,
      null,
      '7d',
    ]);
    expect(selectDashboardFilter(store.getState())).toMatchObject({
      defaultCollections: [{ id: COLLECTION_ID, name: 'Production' }],
      collections: [{ label: 'Production', value: COLLECTION_ID }],
      timeHorizon: 'Last 7 Days',
    });
    // Clear, then reset to the view's defaults.
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(selectDashboardFilter(store.getState()).collections).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(selectDashboardFilter(store.getState())).toMatchObject({
      collections: [{ label: 'Production', value: COLLECTION_ID }],
      timeHorizon: 'Last 7 Days',
    });
  });
});

describe('view dashboard with tags', () => {
  it("names the view's tags from the start, never by their ids", async () => {
    const TAG_ID = '12121212-3434-4565-8787-909090909090';
    stub.restore();
    let answerTags: (answer: StubAnswer) => void = () => undefined;
    stub = stubApiRoutes({
      ...routes,
      [`GET /api/v1/views/${VIEW_ID}`]: () => ({ status: 200, body: { ...view, tagIds: [TAG_ID] } }),
      'GET /api/v1/tags': () => new Promise<StubAnswer>((resolve) => (answerTags = resolve)),
    });
    renderDashboard(`/views/${VIEW_ID}`);
    await waitFor(() => expect(stub.callsTo('GET /api/v1/tags')).toHaveLength(1));
    await waitFor(() => expect(stub.callsTo('GET /api/v1/collections')).toHaveLength(1));
    expect(document.body.textContent).not.toContain(TAG_ID);
    answerTags({ status: 200, body: [{ id: TAG_ID, tagId: 'env:prod' }] });
    expect((await screen.findByTestId('view-filter-tags')).textContent).toBe('env:prod');
  });
});

describe('a filter that matches no asset', () => {
  it('says "No assets currently match filter selection." instead of zeros, $0 and the no-data warning', async () => {
    // The view's collection has no asset left: every analysis counts none.
    routes['GET /api/v1/organizations/workload'] = () =>
      analysisAnswer({ ...workloadFixture(false), assets: 0, series: [], capacityHours: 0, workloadHours: 0 });
    routes['GET /api/v1/organizations/cost-analysis'] = () =>
      analysisAnswer({
        ...costFixture(false),
        assets: 0,
        series: [],
        cost: 0,
        idleCost: 0,
        byTag: [],
        byCollection: [],
      });
    const { store } = renderDashboard(`/views/${VIEW_ID}`);
    expect((await screen.findByTestId('filter-matches-no-asset')).textContent).toBe(
      'No assets currently match filter selection.',
    );
    expect(screen.queryByTestId('section-business-overview')).toBeNull();
    expect(screen.queryByText(/\$0/)).toBeNull();
    expect(toastKeys(store)).not.toContain('analytics.noData');
    // The filter stays, so that another can be chosen.
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
  });

  it('still warns that no data is available when the filter matches assets that sent none', async () => {
    routes['GET /api/v1/organizations/workload'] = () => analysisAnswer(workloadFixture(false));
    routes['GET /api/v1/organizations/cost-analysis'] = () => analysisAnswer(costFixture(false));
    const { store } = renderDashboard(`/views/${VIEW_ID}`);
    await waitFor(() => expect(toastKeys(store)).toContain('analytics.noData'));
    expect(screen.queryByTestId('filter-matches-no-asset')).toBeNull();
  });
});
