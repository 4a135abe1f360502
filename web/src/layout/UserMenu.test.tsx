import { fireEvent, screen, waitFor } from '@testing-library/react';
import { browserLocation } from '../shared/browserLocation';
import { profileFixture } from '../testing/fixtures';
import { stubApiFetch } from '../testing/apiFetch';
import { fetchAnswer, renderWithApp } from '../testing/render';
import { UserMenu } from './UserMenu';

const originalFetch = globalThis.fetch;
let sent: { url: string; init?: RequestInit }[];
let answer: (url: string) => Promise<Response>;

beforeEach(() => {
  sent = [];
  answer = () => Promise.resolve(fetchAnswer(204));
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), init });
    return answer(String(input));
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = originalFetch;
});

function signOut() {
  renderWithApp(<UserMenu profile={profileFixture({ firstName: 'Ada', lastName: 'Lovelace' })} />);
  fireEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
  fireEvent.click(screen.getByTestId('sign-out'));
}

describe('user menu', () => {
  it('signs out with a JSON POST to /api/logout, then shows the signed-out page', async () => {
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    signOut();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/loggedout'));
    // Besides the menu's own read of the pending invitations.
    const logouts = sent.filter((request) => request.url === '/api/logout');
    expect(logouts).toHaveLength(1);
    expect(logouts[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  });

  it('counts pending invitations on the avatar and links to them', async () => {
    const invitation = { id: 'i1', accountId: 'a9', accountName: 'Acme', role: 'User', expiresAt: '2030-01-01' };
    const stub = stubApiFetch(() => ({ status: 200, body: [invitation, { ...invitation, id: 'i2' }] }));
    try {
      renderWithApp(<UserMenu profile={profileFixture()} />);
      await waitFor(() => expect(screen.getByLabelText('Pending invitations: 2').textContent).toBe('2'));
      expect(stub.sent.map((request) => request.url)).toContain('/api/v1/users/invitations');
      fireEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
      const item = screen.getByTestId('menu-invitations');
      expect(item.textContent).toBe('Invitations2');
      fireEvent.click(item);
      expect(screen.getByTestId('location').textContent).toBe('/invitations');
    } finally {
      stub.restore();
    }
  });

  it('shows no count without pending invitations', async () => {
    const stub = stubApiFetch(() => ({ status: 200, body: [] }));
    try {
      renderWithApp(<UserMenu profile={profileFixture()} />);
      await waitFor(() => expect(stub.sent.length).toBeGreaterThan(0));
      fireEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
      await waitFor(() => expect(screen.getByTestId('menu-invitations').textContent).toBe('Invitations'));
      expect(screen.getByTestId('invitations-badge').querySelector('.MuiBadge-invisible')).toBeTruthy();
      // Not even a hidden "0": the button's text must match its name (Lighthouse's label-content-name-mismatch).
      expect(screen.getByTestId('invitations-badge').textContent).not.toMatch(/\d/);
    } finally {
      stub.restore();
    }
  });

  it('stays, with an error toast, when the server cannot be reached', async () => {
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    answer = (url) =>
      url === '/api/logout' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(fetchAnswer(200, []));
    const { store } = renderWithApp(<UserMenu profile={profileFixture()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    fireEvent.click(screen.getByTestId('sign-out'));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((toast) => toast.messageKey)).toEqual(['toast.unknownError']),
    );
    expect(assign).not.toHaveBeenCalled();
  });
});
