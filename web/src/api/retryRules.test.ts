import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { MAX_REQUEST_ATTEMPTS } from '../config';
import { cappedBackoff, requestMethod, retryDelayMs, shouldRetry } from './retryRules';

const status = (code: number): FetchBaseQueryError => ({ status: code, data: undefined });

describe('shouldRetry (spec §8)', () => {
  it('retries a GET on 502, but not a POST, PUT, PATCH or DELETE', () => {
    expect(shouldRetry(status(502), 'assets', 1)).toBe(true);
    expect(shouldRetry(status(502), { url: 'assets', method: 'get' }, 1)).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(shouldRetry(status(502), { url: 'assets', method }, 1)).toBe(false);
    }
  });

  it('retries any method on 504', () => {
    expect(shouldRetry(status(504), 'assets', 1)).toBe(true);
    expect(shouldRetry(status(504), { url: 'tags/batch', method: 'POST' }, 1)).toBe(true);
  });

  it('retries a client time-out', () => {
    expect(
      shouldRetry({ status: 'TIMEOUT_ERROR', error: 'AbortError: timed out' }, { url: 'x', method: 'POST' }, 3),
    ).toBe(true);
  });

  it('retries a 502/504 whose body could not be parsed (a proxy error page)', () => {
    const parsing: FetchBaseQueryError = { status: 'PARSING_ERROR', originalStatus: 504, data: '<html>', error: 'x' };
    expect(shouldRetry(parsing, { url: 'x', method: 'POST' }, 1)).toBe(true);
  });

  it('passes every other error through', () => {
    for (const code of [400, 401, 403, 404, 408, 409, 500, 503]) {
      expect(shouldRetry(status(code), 'assets', 1)).toBe(false);
    }
    expect(shouldRetry({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'assets', 1)).toBe(false);
    expect(shouldRetry({ status: 'CUSTOM_ERROR', error: 'x' }, 'assets', 1)).toBe(false);
  });

  it('retries a 409 IDEMPOTENCY_KEY_IN_FLIGHT (its first attempt still runs), but no other 409', () => {
    const conflict = (code: string): FetchBaseQueryError => ({
      status: 409,
      data: { statusCode: 409, message: 'x', errorId: 'e', code },
    });
    expect(shouldRetry(conflict('IDEMPOTENCY_KEY_IN_FLIGHT'), { url: 'collections', method: 'POST' }, 1)).toBe(true);
    expect(shouldRetry(conflict('IDEMPOTENCY_KEY_IN_FLIGHT'), { url: 'collections', method: 'POST' }, 10)).toBe(false);
    expect(shouldRetry(conflict('COLLECTION_NAME_TAKEN'), { url: 'collections', method: 'POST' }, 1)).toBe(false);
  });

  it('stops after 10 attempts in all', () => {
    expect(MAX_REQUEST_ATTEMPTS).toBe(10);
    expect(shouldRetry(status(504), 'assets', 9)).toBe(true);
    expect(shouldRetry(status(504), 'assets', 10)).toBe(false);
  });

  it('treats a bare URL as a GET', () => {
    expect(requestMethod('assets')).toBe('GET');
    expect(requestMethod({ url: 'assets' })).toBe('GET');
    expect(requestMethod({ url: 'assets', method: 'patch' })).toBe('PATCH');
  });
});

describe('retryDelayMs (spec §9: randomised, exponential from 300 ms, default maximum 5; capped at 3 s)', () => {
  it('doubles from 300 ms with a random factor of 0.4 to 1.4', () => {
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([240, 480, 960]);
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt, () => 0.5))).toEqual([540, 1080, 2160]);
  });

  it('never waits more than 3 s, whatever the attempt and the random factor', () => {
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      expect(retryDelayMs(attempt, () => 0.999_999)).toBeLessThanOrEqual(3000);
    }
    expect(retryDelayMs(9, () => 0.999_999)).toBe(3000);
  });
});

describe('cappedBackoff', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('resolves after the delay', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0);
    let done = false;
    const waiting = cappedBackoff(2, 5).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(479);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    await waiting;
  });

  it('rejects at once when the request is cancelled', async () => {
    const controller = new AbortController();
    const waiting = cappedBackoff(9, 5, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toThrow('Aborted');
    await expect(cappedBackoff(1, 5, controller.signal)).rejects.toThrow('Aborted');
  });
});
