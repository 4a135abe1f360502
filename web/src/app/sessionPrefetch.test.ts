/** @jest-environment node */
import { api } from '../api/api';
import { jsonResponse } from '../testing/fetchStub';
import { installBrowserStubs, type BrowserStubs } from '../testing/browserStubs';
import { acmeAccountFixture } from '../testing/fixtures';
import { acceptanceApi } from '../features/acceptance/acceptanceApi';
import { profileArgsOf } from '../features/user/useProfile';
import { userApi } from '../features/user/userApi';
import { prefetchSession } from './sessionPrefetch';
import { makeStore } from './store';

let browser: BrowserStubs;
let fetchMock: jest.Mock<Promise<Response>, [Request]>;
let store: ReturnType<typeof makeStore>;

beforeEach(() => {
  browser = installBrowserStubs();
  fetchMock = jest.fn<Promise<Response>, [Request]>();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  store = makeStore();
});
afterEach(() => {
  // Clears the unused-data timers of the entries the prefetch does not subscribe to.
  store.dispatch(api.util.resetApiState());
  browser.restore();
});

const pathsAsked = () => fetchMock.mock.calls.map(([request]) => new URL(request.url).pathname);

/** Answers the profile with `profileStatus` and the acceptance status with "accepted". */
function answer(profileStatus: number) {
  fetchMock.mockImplementation((request) =>
    Promise.resolve(
      request.url.includes('users/profile')
        ? jsonResponse(
            profileStatus,
            profileStatus === 200 ? { firstName: 'Ada', accounts: [acmeAccountFixture()] } : {},
          )
        : jsonResponse(200, { accepted: true }),
    ),
  );
}

/** Lets the requests started by the prefetch and their answers run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('prefetchSession', () => {
  it('asks for the profile at start-up, then for the acceptance status, with the arguments the hooks use', async () => {
    answer(200);
    const args = profileArgsOf(store.getState());
    prefetchSession(store, '/account');
    await settle();
    expect(pathsAsked()).toEqual(['/api/v1/users/profile', '/api/v1/users/acceptance-status']);
    expect(userApi.endpoints.getProfile.select(args)(store.getState()).data?.firstName).toBe('Ada');
    expect(acceptanceApi.endpoints.getAcceptanceStatus.select()(store.getState()).data).toEqual({ accepted: true });
  });

  it('never asks for the acceptance status when signed out (one request, the 401 goes to login)', async () => {
    answer(401);
    prefetchSession(store, '/');
    await settle();
    expect(pathsAsked()).toEqual(['/api/v1/users/profile']);
    expect(browser.locationReplace).toHaveBeenCalledTimes(1);
  });

  it.each(['/signin', '/loggedout', '/forgot-password', '/user-acceptance'])('asks for nothing on %s', async (path) => {
    answer(200);
    prefetchSession(store, path);
    await settle();
    expect(pathsAsked()).toEqual([]);
  });
});
