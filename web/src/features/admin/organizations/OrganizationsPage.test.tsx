import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrganizationDto, ProfileDto } from '@infra/contracts';
import { apiSettled, stubApiRoutes } from '../../../testing/apiFetch';
import { accountFixture, organizationFixture, profileFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import OrganizationsPage from './OrganizationsPage';

let organizations: OrganizationDto[];
let profile: ProfileDto;
let stub: ReturnType<typeof stubApiRoutes>;
let store: ReturnType<typeof renderWithApp>['store'] | undefined;

/** Renders the page and keeps its store, so each test ends once every request it caused has its answer. */
function renderPage() {
  store = renderWithApp(<OrganizationsPage />, '/admin/account/organizations').store;
}

function profileAs(role: 'Admin' | 'User'): ProfileDto {
  const account = accountFixture({ id: 'a1', slug: 'demo', name: 'Demo Account', role, organization: organizations });
  return profileFixture({ role, accounts: [account] });
}

beforeEach(() => {
  localStorage.clear();
  organizations = [
    organizationFixture({ id: 'o1', name: 'Demo East', addressLineOne: '1 Main St', city: 'Boston', country: 'US' }),
  ];
  profile = profileAs('Admin');
  stub = stubApiRoutes({
    'GET /api/v1/users/profile': () => ({ status: 200, body: profile }),
    'GET /api/v1/organizations': () => ({ status: 200, body: organizations }),
    'POST /api/v1/organizations': ({ body }) => {
      const created = organizationFixture({ ...(body as Partial<OrganizationDto>), id: 'o2' });
      organizations = [...organizations, created];
      return { status: 201, body: created };
    },
    'PUT /api/v1/organizations/o1': ({ body }) => ({ status: 200, body: { ...organizations[0], ...(body as object) } }),
  });
});
afterEach(async () => {
  const current = store;
  if (current) await waitFor(() => expect(apiSettled(current.getState())).toBe(true));
  store = undefined;
  stub.restore();
});

describe('organizations page', () => {
  it("lists the account's organizations and adds one with its address", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Organizations', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Demo East')).toBeTruthy();
    expect(screen.getByText('Boston, US')).toBeTruthy();
    expect(stub.callsTo('GET /api/v1/organizations')[0]?.search.get('accountSlug')).toBe('demo');

    fireEvent.click(screen.getByRole('button', { name: 'Add organization' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the organization name.')).toBeTruthy();
    expect(stub.callsTo('POST /api/v1/organizations')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Organization name/), { target: { value: ' Demo North ' } });
    fireEvent.change(within(dialog).getByLabelText('City'), { target: { value: 'Montreal' } });
    fireEvent.change(within(dialog).getByLabelText('ZIP / postal code'), { target: { value: 'H2X 1Y4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(stub.callsTo('POST /api/v1/organizations')).toHaveLength(1));
    expect(stub.callsTo('POST /api/v1/organizations')[0]?.body).toEqual({
      accountId: 'a1',
      name: 'Demo North',
      addressLineOne: '',
      addressLineTwo: '',
      city: 'Montreal',
      state: '',
      zipCode: 'H2X 1Y4',
      country: '',
      website: '',
    });
    // The list and the profile (the header's dropdown) are asked for again.
    expect(await screen.findByText('Demo North')).toBeTruthy();
    await waitFor(() => expect(stub.callsTo('GET /api/v1/users/profile').length).toBeGreaterThanOrEqual(2));
  });

  it('renames an organization from its row', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit Demo East' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/Organization name/) as HTMLInputElement;
    expect(name.value).toBe('Demo East');
    fireEvent.change(name, { target: { value: 'Demo East Coast' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo('PUT /api/v1/organizations/o1')).toHaveLength(1));
    expect(stub.callsTo('PUT /api/v1/organizations/o1')[0]?.body).toMatchObject({
      name: 'Demo East Coast',
      addressLineOne: '1 Main St',
      city: 'Boston',
    });
  });

  it('shows the spec empty text when the account has none', async () => {
    organizations = [];
    profile = profileAs('Admin');
    renderPage();
    expect(await screen.findByText('No Organizations Found')).toBeTruthy();
  });

  it('lets a User read the list without add or edit controls', async () => {
    profile = profileAs('User');
    renderPage();
    expect(await screen.findByText('Demo East')).toBeTruthy();
    expect(screen.getByTestId('organizations-read-only').textContent).toBe(
      'Only an account Admin can add or edit organizations.',
    );
    expect(screen.queryByRole('button', { name: 'Add organization' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Edit Demo East' })).toBeNull();
  });
});
