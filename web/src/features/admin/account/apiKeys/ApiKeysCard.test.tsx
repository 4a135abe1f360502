import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiKeyDto, CreatedApiKeyDto, ProfileDto } from '@infra/contracts';
import { apiSettled, stubApiRoutes } from '../../../../testing/apiFetch';
import { accountFixture, organizationFixture, profileFixture } from '../../../../testing/fixtures';
import { renderWithApp } from '../../../../testing/render';
import SecurityPage from '../SecurityPage';

const KEYS_PATH = '/api/v1/accounts/a1/api-keys';
const SECRET = `iak_${'S'.repeat(43)}`;

const keyFixture = (overrides: Partial<ApiKeyDto>): ApiKeyDto => ({
  id: 'k1',
  name: 'Nightly import',
  organizationId: 'o1',
  organizationName: 'Demo East',
  role: 'User',
  prefix: 'iak_AbCdEfGh',
  createdBy: 'u1',
  createdAt: '2026-01-05T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

let keys: ApiKeyDto[];
let profile: ProfileDto;
let stub: ReturnType<typeof stubApiRoutes>;
let store: ReturnType<typeof renderWithApp>['store'] | undefined;
const copied: string[] = [];

function profileAs(role: 'Admin' | 'User'): ProfileDto {
  const organizations = [
    organizationFixture({ id: 'o1', name: 'Demo East' }),
    organizationFixture({ id: 'o2', name: 'Demo West' }),
  ];
  const account = accountFixture({ id: 'a1', slug: 'demo', name: 'Demo Account', role, organization: organizations });
  return profileFixture({ role, accounts: [account] });
}

function renderPage() {
  store = renderWithApp(<SecurityPage />, '/admin/account/security').store;
}

beforeAll(() => {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
  });
});

beforeEach(() => {
  localStorage.clear();
  copied.length = 0;
  keys = [
    keyFixture({}),
    keyFixture({ id: 'k2', name: 'Old job', revokedAt: '2026-01-06T10:00:00.000Z' }),
    keyFixture({ id: 'k3', name: 'Trial', role: 'Admin', expiresAt: '2026-01-01T00:00:00.000Z' }),
  ];
  profile = profileAs('Admin');
  stub = stubApiRoutes({
    'GET /api/v1/users/profile': () => ({ status: 200, body: profile }),
    [`GET ${KEYS_PATH}`]: () => ({ status: 200, body: keys }),
    [`POST ${KEYS_PATH}`]: ({ body }) => {
      const request = body as { name: string; organizationId: string; role: 'User' | 'Admin' };
      const created: CreatedApiKeyDto = {
        ...keyFixture({ ...request, id: 'k4', organizationName: 'Demo West', prefix: SECRET.slice(0, 12) }),
        secret: SECRET,
      };
      keys = [created, ...keys];
      return { status: 201, body: created };
    },
    [`DELETE ${KEYS_PATH}/k1`]: () => {
      keys = keys.map((key) => (key.id === 'k1' ? { ...key, revokedAt: '2026-02-01T00:00:00.000Z' } : key));
      return { status: 204 };
    },
  });
});

afterEach(async () => {
  const current = store;
  if (current) await waitFor(() => expect(apiSettled(current.getState())).toBe(true));
  store = undefined;
  stub.restore();
});

// The page reads the profile, then the keys, then the grid lays out: slower than findBy's default second in jsdom.
const rowOf = async (name: string) => (await screen.findByText(name, {})).closest('[role="row"]') as HTMLElement;

describe('API keys on the security page', () => {
  it('lists the keys with their organization, role, prefix and status', async () => {
    renderPage();
    const active = await rowOf('Nightly import');
    expect(within(active).getByText('Demo East')).toBeTruthy();
    expect(within(active).getByText('iak_AbCdEfGh…')).toBeTruthy();
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByText('Not used yet')).toBeTruthy();
    expect(within(await rowOf('Old job')).getByText('Revoked')).toBeTruthy();
    expect(within(await rowOf('Trial')).getByText('Expired')).toBeTruthy();
    expect(within(await rowOf('Trial')).getByText('Admin')).toBeTruthy();
    // A revoked key has nothing left to revoke.
    expect(screen.queryByRole('menuitem', { name: 'Revoke Old job' })).toBeNull();
  });

  it('creates a key and shows its secret once, with a copy button', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('form', { name: 'Create API key' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(await within(dialog).findByText('Enter a name for the key.')).toBeTruthy();
    expect(stub.callsTo(`POST ${KEYS_PATH}`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: ' Tag import ' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Organization/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Demo West' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Role/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create API key' }));

    await waitFor(() => expect(stub.callsTo(`POST ${KEYS_PATH}`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${KEYS_PATH}`)[0]?.body).toEqual({
      name: 'Tag import',
      organizationId: 'o2',
      role: 'Admin',
    });
    const secretDialog = await screen.findByTestId('api-key-secret-dialog');
    expect(within(secretDialog).getByTestId('api-key-secret').textContent).toBe(SECRET);
    expect(within(secretDialog).getByText(/It will not be shown again\./)).toBeTruthy();
    fireEvent.click(within(secretDialog).getByRole('button', { name: 'Copy' }));
    expect(await within(secretDialog).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(copied).toEqual([SECRET]);

    fireEvent.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret')).toBeNull());
    // The list is read again: the new key shows by its prefix only.
    expect(await screen.findByText(`${SECRET.slice(0, 12)}…`)).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('sends an expiry date as the end of that day, and refuses one more than a year ahead', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('form', { name: 'Create API key' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Quarter' } });
    const expiry = within(dialog).getByLabelText(/Expires on/);
    const nextYear = new Date();
    nextYear.setFullYear(nextYear.getFullYear() + 2);
    fireEvent.change(expiry, { target: { value: nextYear.toISOString().slice(0, 10) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(await within(dialog).findByText('Choose a date from today up to one year ahead.')).toBeTruthy();
    expect(stub.callsTo(`POST ${KEYS_PATH}`)).toHaveLength(0);

    const soon = new Date();
    soon.setDate(soon.getDate() + 30);
    const day = `${soon.getFullYear()}-${String(soon.getMonth() + 1).padStart(2, '0')}-${String(soon.getDate()).padStart(2, '0')}`;
    fireEvent.change(expiry, { target: { value: day } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    await waitFor(() => expect(stub.callsTo(`POST ${KEYS_PATH}`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${KEYS_PATH}`)[0]?.body).toMatchObject({
      organizationId: 'o1',
      role: 'User',
      expiresAt: new Date(`${day}T23:59:59`).toISOString(),
    });
    await screen.findByTestId('api-key-secret');
  });

  it('revokes a key after confirmation', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Revoke Nightly import' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Revoke Nightly import\? Scripts that use it will be refused/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.callsTo(`DELETE ${KEYS_PATH}/k1`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('menuitem', { name: 'Revoke Nightly import' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('api-key-revoke-confirm'));
    await waitFor(() => expect(stub.callsTo(`DELETE ${KEYS_PATH}/k1`)).toHaveLength(1));
    await waitFor(() =>
      expect(within(screen.getByText('Nightly import').closest('[role="row"]')!).getByText('Revoked')),
    );
  });

  it('shows a User no API keys card and reads no keys', async () => {
    profile = profileAs('User');
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Multi-factor authentication' })).toBeTruthy();
    expect(screen.queryByTestId('api-keys-card')).toBeNull();
    expect(stub.callsTo(`GET ${KEYS_PATH}`)).toHaveLength(0);
  });
});
