/** @jest-environment node */
import { ORGANIZATION_HEADER } from '@infra/contracts';
import { baseQueryApi, fetchSequence, jsonResponse } from '../testing/fetchStub';
import {
  createBaseQuery,
  encodePipes,
  newIdempotencyKey,
  redirectToLogin,
  withIdempotencyKey,
  withOrganizationHeader,
} from './baseQuery';
import { signingOutLatch } from '../shared/signingOut';
import { requestRetrying } from './retryStatus';

const baseUrl = 'http://gateway.test/api/v1';
const noBackoff = () => Promise.resolve();

describe('createBaseQuery: retries (real RTK Query retry + fetchBaseQuery, stubbed fetch)', () => {
  it('makes 10 attempts in all for a GET answered with 502', async () => {
    const { fetchFn } = fetchSequence(() => jsonResponse(502, { statusCode: 502, message: 'Bad gateway' }));
    const baseQuery = createBaseQuery({ baseUrl, fetchFn, backoff: noBackoff, onUnauthorized: jest.fn() });
    const result = await baseQuery('assets', baseQueryApi(), {});
    expect(fetchFn).toHaveBeenCalledTimes(10);
    expect(result.error).toMatchObject({ status: 502 });
  });

  it('does not retry a POST answered with 502', async () => {
    const { fetchFn } = fetchSequence(() => jsonResponse(502, {}));
    const baseQuery = createBaseQuery({ baseUrl, fetchFn, backoff: noBackoff, onUnauthorized: jest.fn() });
    await baseQuery({ url: 'tags/batch', method: 'POST', body: {} }, baseQueryApi({}, 'mutation'), {});
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('retries a POST answered with 504, and returns the first success', async () => {
    const { fetchFn } = fetchSequence(
      () => jsonResponse(504, {}),
      () => jsonResponse(504, {}),
      () => jsonResponse(201, { id: 't1' }),
    );
    const baseQuery = createBaseQuery({ baseUrl, fetchFn, backoff: noBackoff, onUnauthorized: jest.fn() });
    const result = await baseQuery({ url: 'tags/batch', method: 'POST', body: {} }, baseQueryApi({}, 'mutation'), {});
    expect(fetchFn).toHaveBeenCalledTimes(3);
    expect(result.data).toEqual({ id: 't1' });
  });

  it('retries a client time-out up to 10 attempts', async () => {
    const fetchFn = jest.fn(
      (input: RequestInfo | URL) =>
        new Promise<Response>((_resolve, reject) => {
          const signal = input instanceof Request ? input.signal : undefined;
          // Like the real fetch: rejects with the signal's reason (a TimeoutError on time-out).
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const baseQuery = createBaseQuery({ baseUrl, fetchFn, timeout: 5, backoff: noBackoff, onUnauthorized: jest.fn() });
    const result = await baseQuery('assets', baseQueryApi(), {});
    expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
    expect(fetchFn).toHaveBeenCalledTimes(10);
  });

  it('does not retry a 400', async () => {
    const { fetchFn } = fetchSequence(() => jsonResponse(400, { statusCode: 400, message: 'bad', errorId: 'e1' }));
    const baseQuery = createBaseQuery({ baseUrl, fetchFn, backoff: noBackoff, onUnauthorized: jest.fn() });
    const result = await baseQuery('assets', baseQueryApi(), {});
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(result.error).toEqual({ status: 400, data: { statusCode: 400, message: 'bad', errorId: 'e1' } });
  });

  it('waits randomised, doubling from 300 ms (exponent capped at 5), each wait at most 3 s', async () => {
    jest.useFakeTimers();
    try {
      jest.spyOn(Math, 'random').mockReturnValue(0); // factor 0.4
      const setTimeoutSpy = jest.spyOn(globalThis, 'setTimeout');
      const { fetchFn } = fetchSequence(() => jsonResponse(502, {}));
      const baseQuery = createBaseQuery({ baseUrl, fetchFn, timeout: 0, onUnauthorized: jest.fn() });
      const pending = baseQuery('assets', baseQueryApi(), {});
      await jest.runAllTimersAsync();
      await pending;
      expect(fetchFn).toHaveBeenCalledTimes(10);
      const delays = setTimeoutSpy.mock.calls.map(([, delay]) => delay);
      // min(3000, 0.4 × 300·2^min(attempt, 5)) for attempts 1..9 (uncapped, the last five were 3840 ms each)
      expect(delays).toEqual([240, 480, 960, 1920, 3000, 3000, 3000, 3000, 3000]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the data of a service that is back within 3 s of its recovery, however long it was down', async () => {
    jest.useFakeTimers();
    try {
      jest.spyOn(Math, 'random').mockReturnValue(0.999_999); // the longest waits: factor 1.4
      let down = true;
      const { fetchFn } = fetchSequence(() =>
        down ? jsonResponse(502, { statusCode: 502, message: 'x' }) : jsonResponse(200, [{ id: 'a1' }]),
      );
      const baseQuery = createBaseQuery({ baseUrl, fetchFn, timeout: 0, onUnauthorized: jest.fn() });
      let result: Awaited<ReturnType<typeof baseQuery>> | undefined;
      const pending = Promise.resolve(baseQuery('assets', baseQueryApi(), {})).then((answer) => (result = answer));
      // Down for six attempts (about 9 s of waits), then up again.
      while (fetchFn.mock.calls.length < 6) await jest.advanceTimersByTimeAsync(100);
      down = false;
      await jest.advanceTimersByTimeAsync(3000);
      expect(result?.data).toEqual([{ id: 'a1' }]);
      expect(fetchFn).toHaveBeenCalledTimes(7);
      await pending;
    } finally {
      jest.useRealTimers();
    }
  });

  it('records a query being retried under its request id (the widgets show it), not a mutation', async () => {
    const { fetchFn } = fetchSequence(
      () => jsonResponse(502, {}),
      () => jsonResponse(504, {}),
      () => jsonResponse(200, {}),
    );
    const baseQuery = createBaseQuery({ baseUrl, fetchFn, backoff: noBackoff, onUnauthorized: jest.fn() });
    const state = { api: { queries: { 'getAssets(undefined)': { requestId: 'req-1' } } } };
    const query = { ...baseQueryApi(state), queryCacheKey: 'getAssets(undefined)' };
    await baseQuery('assets', query, {});
    expect(jest.mocked(query.dispatch).mock.calls).toEqual([
      [requestRetrying({ requestId: 'req-1', failedAttempts: 1 })],
      [requestRetrying({ requestId: 'req-1', failedAttempts: 2 })],
    ]);

    const mutation = baseQueryApi(state, 'mutation');
    await baseQuery({ url: 'tags/batch', method: 'POST', body: {} }, mutation, {});
    expect(mutation.dispatch).not.toHaveBeenCalled();
  });
});

describe('createBaseQuery: one Idempotency-Key per mutation call, reused by its retries', () => {
  const UUID = /^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/;

  it('sends the same key on every retry of a POST (504, then a time-out, then success)', async () => {
    const { fetchFn, requests } = fetchSequence(
      () => jsonResponse(504, {}),
      () => jsonResponse(409, { statusCode: 409, message: 'busy', errorId: 'e', code: 'IDEMPOTENCY_KEY_IN_FLIGHT' }),
      () => jsonResponse(201, { id: 'c1' }),
    );
    const baseQuery = createBaseQuery({ baseUrl, fetchFn, backoff: noBackoff, onUnauthorized: jest.fn() });
    const post = { url: 'collections', method: 'POST', body: { name: 'web' } };
    const result = await baseQuery(post, baseQueryApi({}, 'mutation'), {});
    expect(result.data).toEqual({ id: 'c1' });
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
    // The next call of the mutation is another write: another key.
    await baseQuery(post, baseQueryApi({}, 'mutation'), {});
    expect(requests[3]?.headers.get('idempotency-key')).toMatch(UUID);
    expect(requests[3]?.headers.get('idempotency-key')).not.toBe(keys[0]);
  });

  it('keys PUT and PATCH mutations too, but not queries, DELETEs or GETs', async () => {
    const { fetchFn, requests } = fetchSequence(() => jsonResponse(200, {}));
    const baseQuery = createBaseQuery({ baseUrl, fetchFn, onUnauthorized: jest.fn(), newIdempotencyKey: () => 'k' });
    for (const method of ['PUT', 'PATCH', 'DELETE', 'GET'])
      await baseQuery({ url: 'x', method, body: method === 'GET' ? undefined : {} }, baseQueryApi({}, 'mutation'), {});
    await baseQuery({ url: 'rules/preview', method: 'POST', body: {} }, baseQueryApi(), {});
    expect(requests.map((request) => request.headers.get('idempotency-key'))).toEqual(['"k"', '"k"', null, null, null]);
  });

  it('keeps the other headers of the call, and a key the call already carries', () => {
    const headers = (args: ReturnType<typeof withIdempotencyKey>) => (args as { headers: Headers }).headers;
    const given = withIdempotencyKey(
      { url: 'x', method: 'POST', headers: { 'x-a': '1', 'x-b': undefined } },
      'mutation',
      () => 'new',
    );
    expect([...headers(given).entries()]).toEqual([
      ['idempotency-key', '"new"'],
      ['x-a', '1'],
    ]);
    const own = withIdempotencyKey({ url: 'x', method: 'POST', headers: [['Idempotency-Key', 'mine']] }, 'mutation');
    expect(headers(own).get('idempotency-key')).toBe('mine');
  });

  it('makes version-4 UUIDs without crypto.randomUUID (pages served over plain http)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = [newIdempotencyKey(), newIdempotencyKey()];
      for (const key of keys) expect(`"${key}"`).toMatch(UUID);
      expect(keys[0]).not.toBe(keys[1]);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('createBaseQuery: request shaping', () => {
  it('encodes the pipe character of the URL as %7C before sending', async () => {
    const { fetchFn, requests } = fetchSequence(() => jsonResponse(200, []));
    const baseQuery = createBaseQuery({ baseUrl, fetchFn, onUnauthorized: jest.fn() });
    await baseQuery('tags/key|value?tagIds=a|b', baseQueryApi(), {});
    await baseQuery({ url: 'collections/c|1', method: 'GET' }, baseQueryApi(), {});
    expect(requests.map((request) => request.url)).toEqual([
      `${baseUrl}/tags/key%7Cvalue?tagIds=a%7Cb`,
      `${baseUrl}/collections/c%7C1`,
    ]);
  });

  it('sends the organizationId header of the selected organization', async () => {
    const { fetchFn, requests } = fetchSequence(() => jsonResponse(200, {}));
    const baseQuery = createBaseQuery({ baseUrl, fetchFn, onUnauthorized: jest.fn() });
    await baseQuery('assets', baseQueryApi({ selectedOrganization: { id: 'org-42', name: 'Acme' } }), {});
    await baseQuery('assets', baseQueryApi({ selectedOrganization: { id: '', name: '' } }), {});
    expect(requests[0]?.headers.get(ORGANIZATION_HEADER)).toBe('org-42');
    expect(requests[1]?.headers.has(ORGANIZATION_HEADER)).toBe(false);
  });

  it('calls the 401 handler once, without retrying', async () => {
    const onUnauthorized = jest.fn();
    const { fetchFn } = fetchSequence(() => jsonResponse(401, { statusCode: 401, message: 'Unauthorized' }));
    const baseQuery = createBaseQuery({ baseUrl, fetchFn, backoff: noBackoff, onUnauthorized });
    await baseQuery('users/profile', baseQueryApi(), {});
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call the 401 handler for other errors', async () => {
    const onUnauthorized = jest.fn();
    const { fetchFn } = fetchSequence(() => jsonResponse(403, {}));
    await createBaseQuery({ baseUrl, fetchFn, onUnauthorized })('assets', baseQueryApi(), {});
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('helpers', () => {
  it('encodePipes leaves other arguments alone', () => {
    expect(encodePipes({ url: 'a|b', method: 'POST', body: { key: 'x|y' } })).toEqual({
      url: 'a%7Cb',
      method: 'POST',
      body: { key: 'x|y' },
    });
  });

  it('withOrganizationHeader ignores a missing selection', () => {
    expect(withOrganizationHeader(new Headers(), {}).has(ORGANIZATION_HEADER)).toBe(false);
    expect(withOrganizationHeader(new Headers(), undefined).has(ORGANIZATION_HEADER)).toBe(false);
  });

  it('redirectToLogin replaces the location with the login address (full page)', () => {
    const replace = jest.fn();
    const globals = globalThis as { window?: unknown };
    globals.window = { location: { replace } };
    try {
      redirectToLogin();
      expect(replace).toHaveBeenCalledWith('/api/login');
    } finally {
      delete globals.window;
    }
  });

  it('redirectToLogin passes the current page as returnTo', () => {
    const replace = jest.fn();
    const globals = globalThis as { window?: unknown };
    globals.window = { location: { replace, pathname: '/admin/account', search: '?tab=2' } };
    try {
      redirectToLogin();
      expect(replace).toHaveBeenCalledWith('/api/login?returnTo=%2Fadmin%2Faccount%3Ftab%3D2');
    } finally {
      delete globals.window;
    }
  });

  it('redirectToLogin leaves a signing-out user on their way to the signed-out page', () => {
    const replace = jest.fn();
    const globals = globalThis as { window?: unknown };
    globals.window = { location: { replace, pathname: '/', search: '' } };
    try {
      signingOutLatch.start();
      redirectToLogin();
      expect(replace).not.toHaveBeenCalled();
      // A sign-out that failed: the session goes on, and so does the 401 rule.
      signingOutLatch.cancel();
      redirectToLogin();
      expect(replace).toHaveBeenCalledWith('/api/login');
    } finally {
      signingOutLatch.cancel();
      delete globals.window;
    }
  });
});
