import './webStreams';
import { Headers, Request, Response } from 'undici';

/**
 * A stubbed API for tests in jsdom: the app's real RTK Query slice, base query and listeners run, and `fetch`
 * answers from a function of the request (`stubApiFetch`) or from a table of routes (`stubApiRoutes`).
 */

/** A request the app sent through the real RTK Query base query. */
export interface SentRequest {
  method: string;
  /** Path and query, e.g. `/api/v1/assets?page=1`. */
  url: string;
  /** The path without the query string, e.g. `/api/v1/assets`. */
  path: string;
  search: URLSearchParams;
  /** Header names in lowercase, e.g. `organizationid`. */
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined. */
  body: unknown;
}

export interface StubAnswer {
  status: number;
  body?: unknown;
  /** Response headers besides the content type (e.g. `Data-Integration`). */
  headers?: Record<string, string>;
}

/** Relative URLs (the app's `/api/v1/...`) resolve against the jsdom page's origin, as in a browser. */
class PageRequest extends Request {
  constructor(input: string | URL | Request, init?: ConstructorParameters<typeof Request>[1]) {
    super(typeof input === 'string' ? new URL(input, 'http://localhost').href : input, init);
  }
}

/**
 * Gives jsdom a fetch, Request, Response and Headers (undici's, as in Node) and answers every request with
 * `answer`. Returns the requests sent and a function that puts the previous globals back.
 */
export function stubApiFetch(answer: (request: SentRequest) => StubAnswer | Promise<StubAnswer>) {
  const sent: SentRequest[] = [];
  const previous = {
    fetch: globalThis.fetch,
    Request: globalThis.Request,
    Response: globalThis.Response,
    Headers: globalThis.Headers,
  };
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new PageRequest(String(input), init as never);
    const text = await request.text();
    const url = new URL(request.url);
    const request_: SentRequest = {
      method: request.method,
      url: `${url.pathname}${url.search}`,
      path: url.pathname,
      search: url.searchParams,
      headers: Object.fromEntries(request.headers.entries()),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    sent.push(request_);
    const { status, body, headers } = await answer(request_);
    const empty = body === undefined || status === 204;
    return new Response(empty ? null : JSON.stringify(body), {
      status,
      headers: { ...(empty ? {} : { 'content-type': 'application/json' }), ...headers },
    });
  };
  Object.assign(globalThis, { fetch: fetchStub, Request: PageRequest, Response, Headers });
  return {
    sent,
    restore: () => Object.assign(globalThis, previous),
  };
}

/** Answers by "METHOD /path" (e.g. "GET /api/v1/accounts"), at once or later; unknown routes answer 404. */
export type StubRoutes = Record<string, (request: SentRequest) => StubAnswer | Promise<StubAnswer>>;

const routeOf = (request: SentRequest) => `${request.method} ${request.path}`;

/** `stubApiFetch` answering from a table of routes; `callsTo` lists the requests to one route. */
export function stubApiRoutes(routes: StubRoutes) {
  const stub = stubApiFetch((request) => {
    const route = routes[routeOf(request)];
    return route ? route(request) : { status: 404, body: { statusCode: 404, message: 'Not stubbed' } };
  });
  return { ...stub, callsTo: (route: string) => stub.sent.filter((request) => routeOf(request) === route) };
}

interface ApiState {
  api: {
    queries: Record<string, { status?: string } | undefined>;
    mutations: Record<string, { status?: string } | undefined>;
  };
}

/** Whether no query or mutation of the store is waiting for an answer. */
export function apiSettled(state: ApiState): boolean {
  const entries = [...Object.values(state.api.queries), ...Object.values(state.api.mutations)];
  return entries.every((entry) => entry?.status !== 'pending');
}
