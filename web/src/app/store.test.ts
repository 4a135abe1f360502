/** @jest-environment node */
import { createAsyncThunk } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { jsonResponse } from '../testing/fetchStub';
import { installBrowserStubs, type BrowserStubs } from '../testing/browserStubs';
import { acmeAccountFixture, betaAccountFixture } from '../testing/fixtures';
import { acceptanceApi } from '../features/acceptance/acceptanceApi';
import { accountApi } from '../features/account/accountApi';
import { mfaApi } from '../features/security/mfaApi';
import { EMPTY_ORGANIZATION } from '../features/selection/types';
import { userApi } from '../features/user/userApi';
import { selectRetryAttempts } from '../api/retryStatus';
import { dismissToast } from '../features/toasts/toastsSlice';
import { makeStore } from './store';

/** Endpoints for exercising the shared API's toast and redirect rules. */
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    listThings: build.query<unknown, string>({ query: (id) => `things/${id}` }),
    /** An analysis of the organization, as the dashboards' widgets ask (analytics). */
    getAnalysis: build.query<unknown, string>({ query: (name) => `organizations/${name}?timeHorizon=30d` }),
    /** An inventory list (another service). */
    getViews: build.query<unknown, number>({ query: (page) => `views?page=${page}` }),
    saveThing: build.mutation<unknown, { method: string }>({
      query: ({ method }) => ({ url: 'things', method, body: { name: 'x' } }),
    }),
  }),
});

let browser: BrowserStubs;
let fetchMock: jest.Mock<Promise<Response>, [Request]>;

beforeEach(() => {
  browser = installBrowserStubs();
  fetchMock = jest.fn<Promise<Response>, [Request]>();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => browser.restore());

/** Every request gets a fresh response (a body can be read once). */
const respondWith = (status: number, body: unknown) =>
  fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(status, body)));

const toastsOf = (store: ReturnType<typeof makeStore>) =>
  store
    .getState()
    .toasts.items.map(({ messageKey, errorId, variant, persist }) => ({ messageKey, errorId, variant, persist }));

describe('the store with the shared API', () => {
  it('shows no toast for a wrong MFA set-up code: the form shows it inline', async () => {
    respondWith(400, {
      statusCode: 400,
      message: 'The verification code is not valid.',
      errorId: 'e-1',
      code: 'MFA_INVALID_CODE',
    });
    const store = makeStore();
    const result = await store.dispatch(mfaApi.endpoints.verifyMfa.initiate({ code: '000000' }));
    expect(result.error).toBeDefined();
    expect(toastsOf(store)).toEqual([]);
  });

  it('still shows the success toast once the MFA code is accepted', async () => {
    respondWith(200, { mfaEnabled: true });
    const store = makeStore();
    await store.dispatch(mfaApi.endpoints.verifyMfa.initiate({ code: '123456' }));
    expect(toastsOf(store)).toEqual([
      { messageKey: 'security.enabledToast', errorId: undefined, variant: 'success', persist: false },
    ]);
  });

  it('shows a persistent "already exists" toast with the errorId for a failed mutation', async () => {
    respondWith(409, { statusCode: 409, message: 'Tag already exists', errorId: 'e-9' });
    const store = makeStore();
    await store.dispatch(testApi.endpoints.saveThing.initiate({ method: 'POST' }));
    expect(toastsOf(store)).toEqual([
      { messageKey: 'toast.alreadyExists', errorId: 'e-9', variant: 'error', persist: true },
    ]);
  });

  it.each([
    ['POST', 'toast.saved'],
    ['PUT', 'toast.saved'],
    ['PATCH', 'toast.updated'],
    ['DELETE', 'toast.deleted'],
  ])('shows a self-closing success toast for a %s mutation', async (method, messageKey) => {
    respondWith(200, { ok: true });
    const store = makeStore();
    await store.dispatch(testApi.endpoints.saveThing.initiate({ method }));
    expect(toastsOf(store)).toEqual([{ messageKey, errorId: undefined, variant: 'success', persist: false }]);
  });

  it('shows the query-error toast for a failed query, and no toast for a successful one', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { id: 'ok' }))
      .mockResolvedValueOnce(jsonResponse(500, { statusCode: 500, message: 'x', errorId: 'q-1' }));
    const store = makeStore();
    await store.dispatch(testApi.endpoints.listThings.initiate('ok'));
    expect(toastsOf(store)).toEqual([]);
    await store.dispatch(testApi.endpoints.listThings.initiate('broken'));
    expect(toastsOf(store)).toEqual([
      { messageKey: 'toast.queryError', errorId: 'q-1', variant: 'error', persist: true },
    ]);
  });

  it('sends the browser to the login location on a 401, without a toast', async () => {
    respondWith(401, { statusCode: 401, message: 'Unauthorized', errorId: 'u-1' });
    const store = makeStore();
    await store.dispatch(testApi.endpoints.listThings.initiate('secret'));
    await store.dispatch(testApi.endpoints.saveThing.initiate({ method: 'POST' }));
    expect(browser.locationReplace).toHaveBeenCalledWith('/api/login');
    expect(browser.locationReplace).toHaveBeenCalledTimes(2);
    expect(toastsOf(store)).toEqual([]);
  });

  it('sends the selected organization as the organizationId header', async () => {
    respondWith(200, {});
    const store = makeStore({ selectedOrganization: { ...EMPTY_ORGANIZATION, id: 'org-7', name: 'Seven' } });
    await store.dispatch(testApi.endpoints.listThings.initiate('a|b'));
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request?.headers.get('organizationid')).toBe('org-7');
    expect(request?.url).toBe('http://localhost/api/v1/things/a%7Cb');
  });

  it('logs other failed asynchronous actions to the console only', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = createAsyncThunk('test/failing', () => Promise.reject(new Error('nope')));
    const store = makeStore();
    await store.dispatch(failing());
    expect(error).toHaveBeenCalledWith(
      'Asynchronous action failed',
      expect.objectContaining({ type: 'test/failing/rejected' }),
    );
    expect(toastsOf(store)).toEqual([]);
  });

  it('selects the first account and its first organization on the first profile load, and remembers them', async () => {
    const profile = { firstName: 'Ada', accounts: [acmeAccountFixture(), betaAccountFixture()] };
    respondWith(200, profile);
    const store = makeStore();
    await store.dispatch(userApi.endpoints.getProfile.initiate());
    expect(store.getState().selectedAccount.id).toBe('a1');
    expect(store.getState().selectedOrganization).toMatchObject({ id: 'o1', name: 'Prod', city: '' });
    expect(JSON.parse(browser.storage.get('selectedAccount') ?? '{}')).toMatchObject({ id: 'a1' });
    expect(JSON.parse(browser.storage.get('selectedOrganization') ?? '{}')).toMatchObject({ id: 'o1' });

    // A later store starts from the remembered selection.
    const restored = makeStore();
    expect(restored.getState().selectedOrganization.id).toBe('o1');
    expect(restored.getState().selectedAccount.slug).toBe('acme');
  });

  it('gives a System Admin without memberships a default from the full account list', async () => {
    respondWith(200, { systemAdmin: true, accounts: [] });
    const store = makeStore();
    await store.dispatch(userApi.endpoints.getProfile.initiate());
    expect(store.getState().selectedAccount.id).toBe('');
    respondWith(200, [betaAccountFixture(), acmeAccountFixture()]);
    await store.dispatch(accountApi.endpoints.getAccounts.initiate());
    expect(store.getState().selectedAccount.id).toBe(betaAccountFixture().id);
  });

  it('keeps an existing selection on a profile load', async () => {
    respondWith(200, { accounts: [acmeAccountFixture()] });
    const store = makeStore({
      selectedAccount: { id: 'a1', name: 'Acme', slug: 'acme' },
      selectedOrganization: { ...EMPTY_ORGANIZATION, id: 'o2', name: 'Dev' },
    });
    await store.dispatch(userApi.endpoints.getProfile.initiate());
    expect(store.getState().selectedOrganization.id).toBe('o2');
  });

  it('forgets a remembered selection the profile refuses, and asks again without one', async () => {
    fetchMock.mockImplementation((request: Request) =>
      Promise.resolve(
        new URL(request.url).searchParams.has('organizationId')
          ? jsonResponse(403, { statusCode: 403, message: 'Forbidden' })
          : jsonResponse(200, {
              accounts: [{ id: 'a1', name: 'Acme', slug: 'acme', organization: [{ id: 'o1', name: 'P' }] }],
            }),
      ),
    );
    const store = makeStore({
      selectedAccount: { id: 'gone', name: 'Old', slug: 'old' },
      selectedOrganization: { ...EMPTY_ORGANIZATION, id: 'o-old', name: 'Old org' },
    });
    await store.dispatch(userApi.endpoints.getProfile.initiate({ organizationId: 'o-old', accountSlug: 'old' }));
    expect(store.getState().selectedAccount.id).toBe('');
    expect(store.getState().selectedOrganization.id).toBe('');
    await store.dispatch(userApi.endpoints.getProfile.initiate({}));
    expect(store.getState().selectedAccount.id).toBe('a1');
    expect(store.getState().selectedOrganization.id).toBe('o1');
  });

  it('shows no toast when the acceptance check fails (the app goes on), but still goes to login on a 401', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    respondWith(500, { statusCode: 500, message: 'x', errorId: 'a-1' });
    const store = makeStore();
    await store.dispatch(acceptanceApi.endpoints.getAcceptanceStatus.initiate());
    expect(toastsOf(store)).toEqual([]);
    expect(warn).toHaveBeenCalled();
    respondWith(401, { statusCode: 401, message: 'Unauthorized' });
    warn.mockClear();
    await store.dispatch(acceptanceApi.endpoints.getAcceptanceStatus.initiate(undefined, { forceRefetch: true }));
    expect(browser.locationReplace).toHaveBeenCalledWith('/api/login');
    // A 401 is no news (the browser is leaving for login): no warning in the console.
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('an outage (issue 21, item 9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const ANALYSES = ['workload', 'cost-analysis', 'workload-gap-analysis', 'system-utilization'];
  let down: Set<string>;
  let answered: number;

  beforeEach(() => {
    down = new Set(['analytics']);
    answered = 0;
    fetchMock.mockImplementation((request: Request) => {
      answered += 1;
      const service = new URL(request.url).pathname.startsWith('/api/v1/organizations/') ? 'analytics' : 'inventory';
      return Promise.resolve(
        down.has(service)
          ? jsonResponse(502, { statusCode: 502, message: 'x', errorId: `e-${answered}` })
          : jsonResponse(200, {}),
      );
    });
  });

  const failAll = async (store: ReturnType<typeof makeStore>, names: string[]) => {
    const requests = names.map((name) =>
      store.dispatch(testApi.endpoints.getAnalysis.initiate(name, { forceRefetch: true })),
    );
    await jest.runAllTimersAsync();
    const results = await Promise.all(requests);
    requests.forEach((request) => request.unsubscribe());
    return results;
  };

  it('says which queries are being retried, until they settle', async () => {
    const store = makeStore();
    const request = store.dispatch(testApi.endpoints.getAnalysis.initiate('workload'));
    // The first attempt fails: the query waits for its retry (a random wait, 3 s at most).
    await jest.advanceTimersByTimeAsync(0);
    expect(selectRetryAttempts(store.getState(), request.requestId)).toBe(1);
    await jest.advanceTimersByTimeAsync(3000);
    expect(selectRetryAttempts(store.getState(), request.requestId)).toBeGreaterThanOrEqual(2);
    down.clear();
    await jest.advanceTimersByTimeAsync(3000);
    expect((await request).isSuccess).toBe(true);
    expect(selectRetryAttempts(store.getState(), request.requestId)).toBeUndefined();
    request.unsubscribe();
  });

  it('shows one error toast for the widgets of a service that is down, not one per widget', async () => {
    const store = makeStore();
    const results = await failAll(store, ANALYSES);
    expect(results.every((result) => result.isError)).toBe(true);
    expect(toastsOf(store)).toEqual([
      { messageKey: 'toast.queryError', errorId: expect.any(String), variant: 'error', persist: true },
    ]);
    // Still down a while later (a widget opened since, the next page): still that one toast.
    await jest.advanceTimersByTimeAsync(30_000);
    await failAll(store, ['system-ratings']);
    expect(toastsOf(store)).toHaveLength(1);
    // Another service that fails is another outage.
    down.add('inventory');
    const views = store.dispatch(testApi.endpoints.getViews.initiate(1));
    await jest.runAllTimersAsync();
    await views;
    views.unsubscribe();
    expect(toastsOf(store)).toHaveLength(2);
  });

  it('shows a toast again for the next outage: once the service has answered, or a minute after the last failure', async () => {
    const store = makeStore();
    await failAll(store, ANALYSES);
    expect(toastsOf(store)).toHaveLength(1);
    store.dispatch(dismissToast(store.getState().toasts.items[0]?.key ?? ''));

    // Back, then down again: a new outage.
    down.clear();
    const answer = store.dispatch(testApi.endpoints.getAnalysis.initiate('business-overview'));
    await answer;
    answer.unsubscribe();
    down.add('analytics');
    await failAll(store, ANALYSES);
    expect(toastsOf(store).filter((toast) => toast.variant === 'error')).toHaveLength(2);

    // Never answered, but no failure for a minute: the next failure is news again.
    await jest.advanceTimersByTimeAsync(60_000);
    await failAll(store, ['workload']);
    expect(toastsOf(store).filter((toast) => toast.variant === 'error')).toHaveLength(3);
  });
});
