import type { BaseQueryApi } from '@reduxjs/toolkit/query';

/** A JSON response. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch stub that answers with the given responses in turn (the last one repeats) and records requests. */
export function fetchSequence(...responses: (() => Response | Promise<Response>)[]) {
  const requests: Request[] = [];
  const fetchFn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    const next = responses[Math.min(requests.length - 1, responses.length - 1)];
    if (!next) throw new Error('fetchSequence needs at least one response');
    return next();
  });
  return { fetchFn, requests };
}

/** The api object RTK Query hands to a base query, with a given state. */
export function baseQueryApi(state: unknown = {}, type: 'query' | 'mutation' = 'query'): BaseQueryApi {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    dispatch: jest.fn(),
    getState: () => state,
    extra: undefined,
    endpoint: 'test',
    type,
  };
}
