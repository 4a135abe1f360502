import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SidebarDto } from '@infra/contracts';
import { stubApiRoutes } from '../../../testing/apiFetch';
import { renderWithApp } from '../../../testing/render';
import { setSelectedOrganization } from '../../selection/selectedOrganizationSlice';
import { InventoryNav } from './InventoryNav';

const WEB = { type: 'collection' as const, id: '11111111-2222-4333-8444-555555555555', name: 'Web tier' };
const PROD = { type: 'view' as const, id: '99999999-8888-4777-8666-555555555555', name: 'prod-web' };

let tree: SidebarDto;
let stub: ReturnType<typeof stubApiRoutes>;

beforeEach(() => {
  localStorage.clear();
  tree = {
    organizationId: 'org-1',
    favorites: [{ ...PROD, favorite: true }],
    collections: [{ ...WEB, favorite: false }],
    views: [{ ...PROD, favorite: true }],
  };
  stub = stubApiRoutes({
    'GET /api/v1/meta/sidebar': () => ({ status: 200, body: tree }),
    'PUT /api/v1/meta/sidebar/favorite': ({ body }) => {
      const { favorite } = body as { favorite: boolean };
      tree = {
        ...tree,
        favorites: favorite ? [...tree.favorites, { ...WEB, favorite }] : tree.favorites,
        collections: [{ ...WEB, favorite }],
      };
      return { status: 200, body: { ...WEB, favorite } };
    },
  });
});
afterEach(() => stub.restore());

function renderNav(open = true) {
  const result = renderWithApp(<InventoryNav open={open} onNavigate={() => undefined} />);
  act(() => {
    result.store.dispatch(setSelectedOrganization({ id: 'org-1', name: 'Demo East' }));
  });
  return result;
}

describe('sidebar inventory', () => {
  it('shows the organization, then favorites first, then collections and views, as links', async () => {
    renderNav();
    expect(screen.getByTestId('sidebar-organization').textContent).toBe('Demo East');
    const favorites = screen.getByTestId('sidebar-favorites');
    expect((await within(favorites).findByRole('link', { name: 'prod-web' })).getAttribute('href')).toBe(
      `/views/${PROD.id}`,
    );
    const collections = screen.getByTestId('sidebar-collections');
    expect(within(collections).getByRole('link', { name: 'Web tier' }).getAttribute('href')).toBe(
      `/collections/${WEB.id}`,
    );
    const groups = screen
      .getAllByTestId(/^sidebar-(favorites|collections|views)$/)
      .map((group) => group.dataset.testid);
    expect(groups).toEqual(['sidebar-favorites', 'sidebar-collections', 'sidebar-views']);
  });

  it('titles the header with the item clicked', async () => {
    const { store } = renderNav();
    fireEvent.click(await within(screen.getByTestId('sidebar-collections')).findByRole('link', { name: 'Web tier' }));
    expect(store.getState().sidebar.selectedItem).toEqual({ id: WEB.id, name: 'Web tier' });
    expect(screen.getByTestId('location').textContent).toBe(`/collections/${WEB.id}`);
  });

  it('marks an item as a favorite with its star, and lists it among the favorites', async () => {
    renderNav();
    const collections = screen.getByTestId('sidebar-collections');
    const star = await within(collections).findByRole('button', { name: 'Add Web tier to favorites' });
    await waitFor(() => expect((star as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(star);
    const favorites = screen.getByTestId('sidebar-favorites');
    expect(await within(favorites).findByRole('link', { name: 'Web tier' })).toBeTruthy();
    expect(stub.callsTo('PUT /api/v1/meta/sidebar/favorite')[0]?.body).toEqual({
      type: 'collection',
      id: WEB.id,
      favorite: true,
    });
  });

  it('collapsed, shows the groups as icons that open the sidebar', () => {
    const { store } = renderNav(false);
    fireEvent.click(screen.getByRole('button', { name: 'Collections' }));
    expect(store.getState().sidebar.sidebarShow).toBe(true);
  });

  it('never shows the tree of the organization selected before', async () => {
    tree = { ...tree, organizationId: 'org-0' };
    renderNav();
    // Read again once, and not shown.
    await waitFor(() => expect(stub.callsTo('GET /api/v1/meta/sidebar')).toHaveLength(2));
    expect(within(screen.getByTestId('sidebar-collections')).queryByRole('link')).toBeNull();
  });
});
