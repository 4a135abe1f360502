import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountDto, CreateAccountRequest, ProfileDto } from '@infra/contracts';
import { apiSettled, stubApiRoutes } from '../../../testing/apiFetch';
import { accountFixture, organizationFixture, profileFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import AccountsPage from './AccountsPage';

let accounts: AccountDto[];
let profile: ProfileDto;
let stub: ReturnType<typeof stubApiRoutes>;
let store: ReturnType<typeof renderWithApp>['store'] | undefined;

/** Renders the page and keeps its store, so each test ends once every request it caused has its answer. */
function renderPage() {
  store = renderWithApp(<AccountsPage />, '/admin/accounts').store;
  return store;
}

beforeEach(() => {
  localStorage.clear();
  accounts = [
    accountFixture({
      id: 'a1',
      name: 'Demo Account',
      slug: 'demo',
      timeZone: 'America/New_York',
      organization: [organizationFixture({ id: 'o1', name: 'Demo East' })],
    }),
  ];
  profile = profileFixture({ role: 'System Admin', systemAdmin: true });
  stub = stubApiRoutes({
    'GET /api/v1/users/profile': () => ({ status: 200, body: profile }),
    'GET /api/v1/accounts': () => ({ status: 200, body: accounts }),
    'DELETE /api/v1/accounts/a1': () => {
      accounts = accounts.filter((account) => account.id !== 'a1');
      return { status: 204 };
    },
    'POST /api/v1/accounts': ({ body }) => {
      const created = accountFixture({ ...(body as CreateAccountRequest), id: 'a2' });
      accounts = [...accounts, created];
      return { status: 201, body: created };
    },
  });
});
afterEach(async () => {
  const current = store;
  if (current) await waitFor(() => expect(apiSettled(current.getState())).toBe(true));
  store = undefined;
  stub.restore();
});

describe('accounts page', () => {
  it('lists every account for a System Admin and creates one', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Accounts', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Demo Account')).toBeTruthy();
    expect(screen.getByText('40–60%')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Account name/), { target: { value: 'Acme Europe' } });
    expect((within(dialog).getByLabelText(/Slug/) as HTMLInputElement).value).toBe('acme-europe');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(stub.callsTo('POST /api/v1/accounts')).toHaveLength(1));
    expect(stub.callsTo('POST /api/v1/accounts')[0]?.body).toEqual({
      name: 'Acme Europe',
      slug: 'acme-europe',
      timeZone: 'UTC',
    });
    expect(await screen.findByText('Acme Europe')).toBeTruthy();
  });

  it('refuses a malformed slug before asking the server', async () => {
    const appStore = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Account name/), { target: { value: 'Acme' } });
    fireEvent.change(within(dialog).getByLabelText(/Slug/), { target: { value: 'Acme_EU' } });
    expect(await within(dialog).findByText(/Use lowercase letters, digits and hyphens/)).toBeTruthy();
    // A mutation starts as soon as the form is checked (the click's act waits for that): none was started.
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    });
    expect(Object.keys(appStore.getState().api.mutations)).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('opens an account: selects it and its first organization, then shows its overview', async () => {
    const appStore = renderPage();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Open Demo Account' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/account'));
    expect(appStore.getState().selectedAccount.id).toBe('a1');
    expect(appStore.getState().selectedOrganization.id).toBe('o1');
  });

  it('deletes an account once its exact name is typed, sending the name for the server to check again', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete Demo Account' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    fireEvent.change(within(dialog).getByTestId('confirm-name'), { target: { value: 'Demo' } });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByTestId('confirm-name'), { target: { value: 'Demo Account' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(stub.callsTo('DELETE /api/v1/accounts/a1')).toHaveLength(1));
    expect(stub.callsTo('DELETE /api/v1/accounts/a1')[0]?.search.get('name')).toBe('Demo Account');
    expect(await screen.findByText('No Accounts Found')).toBeTruthy();
  });

  it('shows the spec empty text when there is no account', async () => {
    accounts = [];
    renderPage();
    expect(await screen.findByText('No Accounts Found')).toBeTruthy();
  });

  it('refuses anyone but a System Admin, without asking for the accounts', async () => {
    profile = profileFixture({ role: 'Admin', accounts: [accountFixture()] });
    renderPage();
    expect((await screen.findByTestId('accounts-refused')).textContent).toBe(
      'Only a System Admin can manage accounts.',
    );
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    expect(stub.callsTo('GET /api/v1/accounts')).toHaveLength(0);
  });
});
