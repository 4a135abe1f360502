import { fireEvent, screen, waitFor } from '@testing-library/react';
import { browserLocation } from '../shared/browserLocation';
import { profileFixture } from '../testing/fixtures';
import { fetchAnswer, renderWithApp } from '../testing/render';
import { UserMenu } from './UserMenu';

const originalFetch = globalThis.fetch;
let sent: { url: string; init?: RequestInit }[];
let answer: () => Promise<Response>;

beforeEach(() => {
  sent = [];
  answer = () => Promise.resolve(fetchAnswer(204));
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), init });
    return answer();
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
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/logout');
    expect(sent[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  });

  it('stays, with an error toast, when the server cannot be reached', async () => {
    const assign = jest.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const { store } = renderWithApp(<UserMenu profile={profileFixture()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    fireEvent.click(screen.getByTestId('sign-out'));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((toast) => toast.messageKey)).toEqual(['toast.unknownError']),
    );
    expect(assign).not.toHaveBeenCalled();
  });
});
