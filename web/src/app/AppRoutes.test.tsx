import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { AcceptanceStatusDto } from '@infra/contracts';
import type { AcceptTermsRequest } from '../features/acceptance/acceptanceApi';
import type { UserProfile } from '../features/user/types';
import { accountFixture, organizationFixture, profileFixture } from '../testing/fixtures';
import { createTestI18n } from '../testing/i18n';
import { AppRoutes } from './AppRoutes';
import { makeStore } from './store';

let mockProfile: UserProfile | undefined;
let mockProfileCalls = 0;
jest.mock('../features/user/useProfile', () => ({
  useProfile: () => {
    mockProfileCalls += 1;
    return { data: mockProfile, isLoading: false };
  },
}));

const acceptedStatus: AcceptanceStatusDto = {
  accepted: true,
  termsVersion: '2026-01',
  privacyVersion: '2026-01',
  acceptedAt: '2026-01-05T10:00:00Z',
};
let mockAcceptance: AcceptanceStatusDto | undefined;
/** When set, the status call failed with this HTTP status (after the client's retries). */
let mockAcceptanceError: number | undefined;
let mockAcceptanceRefetches = 0;
let mockAcceptanceCalls = 0;
/** The `skip` option of each call of the status hook. */
const mockAcceptanceSkips: (boolean | undefined)[] = [];
const mockAccepted: AcceptTermsRequest[] = [];
jest.mock('../features/acceptance/acceptanceApi', () => ({
  ...jest.requireActual<object>('../features/acceptance/acceptanceApi'),
  useGetAcceptanceStatusQuery: (_arg: unknown, options?: { skip?: boolean }) => {
    mockAcceptanceCalls += 1;
    mockAcceptanceSkips.push(options?.skip);
    const failed = !options?.skip && mockAcceptanceError !== undefined;
    return {
      data: options?.skip || failed ? undefined : mockAcceptance,
      error: failed ? { status: mockAcceptanceError } : undefined,
      isLoading: false,
      isFetching: false,
      refetch: () => {
        mockAcceptanceRefetches += 1;
      },
    };
  },
  useGetAcceptanceDataQuery: () => ({
    data: {
      termsVersion: '2026-01',
      privacyVersion: '2026-01',
      termsUrl: 'https://example.com/terms',
      privacyUrl: 'https://example.com/privacy',
    },
    isLoading: false,
  }),
  useAcceptTermsMutation: () => [
    (request: AcceptTermsRequest) => {
      mockAccepted.push(request);
      mockAcceptance = { ...acceptedStatus };
      return Promise.resolve({ data: mockAcceptance });
    },
    { isLoading: false },
  ],
}));

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  const store = makeStore();
  render(
    <Provider store={store}>
      <I18nextProvider i18n={createTestI18n()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <Location />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return store;
}

// The layout is a lazy chunk: load its module once, so that no test waits for the first import.
beforeAll(async () => {
  await import('../layout/DefaultLayout');
});

beforeEach(() => {
  mockProfile = undefined;
  mockProfileCalls = 0;
  mockAcceptance = { ...acceptedStatus };
  mockAcceptanceError = undefined;
  mockAcceptanceRefetches = 0;
  mockAcceptanceCalls = 0;
  mockAcceptanceSkips.length = 0;
  mockAccepted.length = 0;
  window.localStorage.clear();
});

const twoAccounts = () =>
  profileFixture({
    firstName: 'Ada',
    accounts: [
      accountFixture({
        id: 'a1',
        name: 'Demo Account',
        slug: 'demo',
        organization: [
          organizationFixture({ id: 'o1', name: 'Demo East', accountId: 'a1' }),
          organizationFixture({ id: 'o2', name: 'Demo West', accountId: 'a1' }),
        ],
      }),
      accountFixture({
        id: 'a2',
        name: 'Acme Corp',
        slug: 'acme',
        role: 'User',
        organization: [organizationFixture({ id: 'o3', name: 'Acme Main', accountId: 'a2' })],
      }),
    ],
  });

/** Chooses an option of a header dropdown. */
async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('routes and shell', () => {
  it('shows the signed-out page outside the layout', async () => {
    renderAt('/loggedout');
    expect(await screen.findByText('You have been successfully signed out.')).toBeTruthy();
    expect(screen.queryByTestId('app-header')).toBeNull();
  });

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('Oops! Page Not Found')).toBeTruthy();
    expect(screen.getByText('The item you are looking for may have been moved or deleted.')).toBeTruthy();
  });

  it('greets the user by name, and without one while the profile is unavailable', async () => {
    renderAt('/');
    expect((await screen.findByTestId('home-greeting')).textContent).toBe('Hello!');
    expect(screen.getByText('Welcome back.')).toBeTruthy();
  });

  it('greets the user by first name', async () => {
    mockProfile = profileFixture({ firstName: 'Ada', lastName: 'Lovelace' });
    renderAt('/');
    expect((await screen.findByTestId('home-greeting')).textContent).toBe('Hello Ada!');
  });

  it('says no accounts and no organizations were found when the profile has none', async () => {
    mockProfile = profileFixture({ firstName: 'Ada' });
    renderAt('/');
    await screen.findByTestId('home-greeting');
    expect(within(screen.getByTestId('account-select')).getByText('No Accounts Found')).toBeTruthy();
    expect(within(screen.getByTestId('organization-select')).getByText('No Organizations Found')).toBeTruthy();
  });

  it('toggles the sidebar', async () => {
    const store = renderAt('/');
    await screen.findByTestId('home-greeting');
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(store.getState().sidebar.sidebarShow).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(store.getState().sidebar.sidebarShow).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('lists the admin sections', async () => {
    mockProfile = twoAccounts();
    const store = renderAt('/admin');
    act(() => {
      store.dispatch({ type: 'selectedAccount/setSelectedAccount', payload: mockProfile?.accounts[0] });
    });
    expect(await screen.findByRole('heading', { name: 'Admin', level: 1 })).toBeTruthy();
    expect(await screen.findByTestId('admin-section-members')).toBeTruthy();
    for (const group of ['Account', 'Management', 'Rules', 'Data']) {
      expect(screen.getByRole('heading', { name: group, level: 2 })).toBeTruthy();
    }
    for (const section of [
      'overview',
      'members',
      'security',
      'subscription',
      'manuals',
      'assets',
      'collections',
      'events',
      'tags',
      'views',
      'businessRule',
      'telemetry',
      'financial',
      'integrations',
    ]) {
      expect(screen.getByTestId(`admin-section-${section}`)).toBeTruthy();
    }
    expect(screen.getByTestId('admin-section-tags').getAttribute('href')).toBe('/admin/tag-library');
  });

  it('sends the user home when the organization changes on a page other than home, profile or account', async () => {
    mockProfile = profileFixture({
      accounts: [
        accountFixture({
          id: 'a1',
          name: 'Acme',
          slug: 'acme',
          organization: [
            organizationFixture({ id: 'o1', name: 'Prod' }),
            organizationFixture({ id: 'o2', name: 'Dev' }),
          ],
        }),
      ],
    });
    const store = renderAt('/admin');
    await screen.findByTestId('admin-section-tags');
    act(() => {
      store.dispatch({ type: 'selectedAccount/setSelectedAccount', payload: mockProfile?.accounts?.[0] });
      store.dispatch({ type: 'selectedOrganization/setSelectedOrganization', payload: { id: 'o1', name: 'Prod' } });
    });
    fireEvent.mouseDown(within(screen.getByTestId('organization-select')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Dev' }));
    expect(store.getState().selectedOrganization.id).toBe('o2');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('shows the Events page at /admin/events, and the event pages under it', async () => {
    renderAt('/admin/events');
    expect(await screen.findByRole('heading', { name: 'Events', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('header-title').textContent).toBe('Events');
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('shows Add Event at /admin/events/new', async () => {
    renderAt('/admin/events/new');
    expect(await screen.findByRole('heading', { name: 'Add Event', level: 1 })).toBeTruthy();
  });

  it('answers a malformed event id with "Oops! Event Not Found"', async () => {
    renderAt('/admin/events/not-an-id');
    expect(await screen.findByText('Oops! Event Not Found')).toBeTruthy();
  });
});

describe('header selections', () => {
  it('selects the first organization of the account switched to, and keeps the user on home', async () => {
    mockProfile = twoAccounts();
    const store = renderAt('/');
    await screen.findByTestId('home-greeting');
    act(() => {
      store.dispatch({ type: 'selectedAccount/setSelectedAccount', payload: mockProfile?.accounts[0] });
      store.dispatch({
        type: 'selectedOrganization/setSelectedOrganization',
        payload: { id: 'o2', name: 'Demo West' },
      });
    });
    await choose('account-select', 'Acme Corp');
    expect(store.getState().selectedAccount.id).toBe('a2');
    expect(store.getState().selectedOrganization).toMatchObject({ id: 'o3', name: 'Acme Main', city: '' });
    expect(within(screen.getByTestId('organization-select')).getByText('Acme Main')).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('selectedOrganization') ?? '{}')).toMatchObject({ id: 'o3' });
    expect(JSON.parse(window.localStorage.getItem('selectedAccount') ?? '{}')).toMatchObject({ id: 'a2' });
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('lists only the organizations of the selected account, and keeps the user on profile', async () => {
    mockProfile = twoAccounts();
    const store = renderAt('/profile');
    act(() => {
      store.dispatch({ type: 'selectedAccount/setSelectedAccount', payload: mockProfile?.accounts[0] });
      store.dispatch({
        type: 'selectedOrganization/setSelectedOrganization',
        payload: { id: 'o1', name: 'Demo East' },
      });
    });
    fireEvent.mouseDown(within(await screen.findByTestId('organization-select')).getByRole('combobox'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Demo East',
      'Demo West',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Demo West' }));
    expect(store.getState().selectedOrganization.id).toBe('o2');
    expect(screen.getByTestId('location').textContent).toBe('/profile');
  });

  it('sends the user home when the account changes on another page', async () => {
    mockProfile = twoAccounts();
    const store = renderAt('/admin/account/manuals');
    act(() => {
      store.dispatch({ type: 'selectedAccount/setSelectedAccount', payload: mockProfile?.accounts[0] });
    });
    await choose('account-select', 'Acme Corp');
    expect(store.getState().selectedOrganization.id).toBe('o3');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});

describe('admin sections by role', () => {
  it('does not offer a User the sections that would only say to ask an admin', async () => {
    mockProfile = twoAccounts();
    const store = renderAt('/admin');
    act(() => {
      // Acme Corp: the user is a User there.
      store.dispatch({ type: 'selectedAccount/setSelectedAccount', payload: mockProfile?.accounts[1] });
    });
    expect(await screen.findByRole('heading', { name: 'Admin', level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('admin-section-members')).toBeNull();
    expect(screen.getByTestId('admin-section-security')).toBeTruthy();
    expect(screen.getByTestId('admin-section-overview')).toBeTruthy();
  });
});

describe('user acceptance guard', () => {
  it('does not ask for the acceptance status before the profile shows a session', async () => {
    mockProfile = undefined;
    renderAt('/');
    await screen.findByTestId('home-greeting');
    expect(mockAcceptanceSkips.length).toBeGreaterThan(0);
    expect(mockAcceptanceSkips.every((skip) => skip === true)).toBe(true);
  });

  it('asks for the acceptance status once signed in', async () => {
    mockProfile = twoAccounts();
    renderAt('/');
    await screen.findByTestId('home-greeting');
    expect(mockAcceptanceSkips).toContain(false);
  });

  it('shows the acceptance page before anything else, and returns to the page once accepted', async () => {
    mockAcceptance = { ...acceptedStatus, accepted: false, acceptedAt: null };
    mockProfile = twoAccounts();
    renderAt('/profile');
    expect(await screen.findByRole('heading', { name: 'Terms of Service and Privacy Policy' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/user-acceptance');
    // Nothing of the layout was shown.
    expect(screen.queryByTestId('app-header')).toBeNull();

    const accept = screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      'https://example.com/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://example.com/privacy',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    expect(accept.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Privacy Policy/ }));
    expect(accept.disabled).toBe(false);
    fireEvent.click(accept);

    await screen.findByTestId('app-header');
    expect(mockAccepted).toEqual([{ termsVersion: '2026-01', privacyVersion: '2026-01' }]);
    expect(screen.getByTestId('location').textContent).toBe('/profile');
  });

  it.each(['/assets/3f2b6c1e-8a4d-4c2b-9e1f-0a1b2c3d4e5f', '/admin/tag-library', '/invitations', '/'])(
    'sends a user who has not accepted from a deep link (%s) to the acceptance step first',
    async (path) => {
      mockAcceptance = { ...acceptedStatus, accepted: false, acceptedAt: null };
      mockProfile = twoAccounts();
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Terms of Service and Privacy Policy' })).toBeTruthy();
      expect(screen.getByTestId('location').textContent).toBe('/user-acceptance');
      expect(screen.queryByTestId('app-header')).toBeNull();
    },
  );

  it('does not let a user through when the status cannot be read: it says so and retries on demand', async () => {
    mockAcceptanceError = 502;
    mockProfile = twoAccounts();
    renderAt('/profile');
    const failure = await screen.findByTestId('acceptance-check-failed');
    expect(failure.textContent).toContain('could not check whether you have accepted');
    expect(screen.queryByTestId('app-header')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/profile');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(mockAcceptanceRefetches).toBe(1);
  });

  it('lets a user who accepted through', async () => {
    mockProfile = twoAccounts();
    renderAt('/');
    await screen.findByTestId('home-greeting');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('sends a user who accepted away from the acceptance page', async () => {
    renderAt('/user-acceptance');
    await screen.findByTestId('home-greeting');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});

describe('pages outside the layout', () => {
  it.each([
    ['/signin', 'Sign in'],
    ['/forgot-password', 'Reset your password'],
    ['/reset-password?token=t1', 'Choose a new password'],
    ['/loggedout', 'You have been successfully signed out.'],
  ])('%s shows without the layout and never asks for the profile', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('app-header')).toBeNull();
    expect(mockProfileCalls).toBe(0);
    expect(mockAcceptanceCalls).toBe(0);
  });

  it('shows the product name on the sign-in page, with a forgot-password link', async () => {
    renderAt('/signin');
    expect((await screen.findByTestId('product-name')).textContent).toBe('Infra Analytics');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/forgot-password');
  });
});
