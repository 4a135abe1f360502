import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { UserProfile } from '../features/user/types';
import { createTestI18n } from '../testing/i18n';
import { AppRoutes } from './AppRoutes';
import { makeStore } from './store';

let mockProfile: UserProfile | undefined;
jest.mock('../features/user/useProfile', () => ({
  useProfile: () => ({ data: mockProfile, isLoading: false }),
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

beforeEach(() => {
  mockProfile = undefined;
  window.localStorage.clear();
});

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
    mockProfile = { firstName: 'Ada', lastName: 'Lovelace', accounts: [] };
    renderAt('/');
    expect((await screen.findByTestId('home-greeting')).textContent).toBe('Hello Ada!');
  });

  it('says no accounts and no organizations were found when the profile has none', async () => {
    mockProfile = { firstName: 'Ada', accounts: [] };
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
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin', level: 1 })).toBeTruthy();
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
    mockProfile = {
      accounts: [
        {
          id: 'a1',
          name: 'Acme',
          slug: 'acme',
          organization: [
            { id: 'o1', name: 'Prod' },
            { id: 'o2', name: 'Dev' },
          ],
        },
      ],
    };
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

  it('shows a translated placeholder for sections still to come', async () => {
    renderAt('/admin/tag-library/tag-import');
    expect(await screen.findByText('This section is coming soon.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tag Import', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('header-title').textContent).toBe('Tag Import');
  });
});
