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
  it('asks for the profile and the acceptance status at start-up, in parallel, with the arguments the hooks use', async () => {
    answer(200);
    const args = profileArgsOf(store.getState());
    prefetchSession(store, '/account');
    await settle();
    expect(pathsAsked()).toEqual(['/api/v1/users/profile', '/api/v1/users/acceptance-status']);
    expect(userApi.endpoints.getProfile.select(args)(store.getState()).data?.firstName).toBe('Ada');
    expect(acceptanceApi.endpoints.getAcceptanceStatus.select()(store.getState()).data).toEqual({ accepted: true });
  });

  it('sends a signed-out visit to login', async () => {
    answer(401);
    prefetchSession(store, '/account');
    await settle();
    expect(browser.locationReplace).toHaveBeenCalled();
    for (const [url] of browser.locationReplace.mock.calls)
      expect(url).toBe(browser.locationReplace.mock.calls[0]?.[0]);
  });

  it.each(['/signin', '/loggedout', '/forgot-password', '/user-acceptance'])('asks for nothing on %s', async (path) => {
    answer(200);
    prefetchSession(store, path);
    await settle();
    expect(pathsAsked()).toEqual([]);
  });
});

/**
 * The request waterfall before the Home dashboard's analyses (issue 21, item 8: no chain deeper than 2). The API
 * answers in rounds: every request asked so far is answered together once the app has gone quiet, so a request's
 * round is its depth in the chain of requests that led to it. Rounds, not durations: the same on every machine.
 */
describe('requests before the analyses on Home', () => {
  const ANALYSES = /^\/api\/v1\/organizations\//;

  /** The round (1 = asked before any answer) of the first analysis request, answering everything else meanwhile. */
  async function roundOfFirstAnalysis(): Promise<{ round: number; before: string[] }> {
    const pending: { request: Request; resolve: (response: Response) => void }[] = [];
    fetchMock.mockImplementation((request) => new Promise<Response>((resolve) => pending.push({ request, resolve })));
    const reply = (request: Request) =>
      request.url.includes('users/profile')
        ? jsonResponse(200, { firstName: 'Ada', accounts: [acmeAccountFixture()] })
        : request.url.includes('acceptance-status')
          ? jsonResponse(200, { accepted: true })
          : jsonResponse(404, {});
    const before: string[] = [];
    prefetchSession(store, '/');
    for (let round = 1; round <= 5; round++) {
      await settle();
      const batch = pending.splice(0);
      const paths = batch.map(({ request }) => new URL(request.url).pathname);
      if (paths.some((path) => ANALYSES.test(path))) {
        // Settles what is still asked (the analyses' content does not matter here).
        for (const { request, resolve } of batch) resolve(reply(request));
        return { round, before };
      }
      before.push(...paths);
      for (const { request, resolve } of batch) resolve(reply(request));
    }
    throw new Error(`no analysis asked for after ${before.join(', ')}`);
  }

  it('asks for them with the profile when an organization is remembered (no request before them)', async () => {
    browser.storage.set('selectedOrganization', JSON.stringify({ id: 'o1', name: 'Prod' }));
    store = makeStore();
    const { round } = await roundOfFirstAnalysis();
    expect(round).toBe(1);
  });

  it('asks for them right after the profile otherwise (profile and acceptance in parallel before them)', async () => {
    const { round, before } = await roundOfFirstAnalysis();
    expect(round).toBeLessThanOrEqual(2);
    expect(before).toEqual(['/api/v1/users/profile', '/api/v1/users/acceptance-status']);
  });
});
