/**
 * A stubbed API for page tests in jsdom: the pages' real RTK Query hooks and base query run, and `fetch`
 * answers from a table of routes. jsdom has Headers but neither Request nor Response, so this installs the
 * little of them that fetchBaseQuery uses (a Request it can clone, answers it reads with clone() and text()).
 */

/** One request as the stub saw it. */
export interface StubbedCall {
  method: string;
  /** The path without the query string, e.g. "/api/v1/organizations". */
  path: string;
  search: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
}

export interface StubAnswer {
  status: number;
  body?: unknown;
}

/** Answers by "METHOD /path" (e.g. "GET /api/v1/accounts"); unknown routes answer 404. */
export type StubRoutes = Record<string, (call: StubbedCall) => StubAnswer>;

class StubRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal | null;
  private readonly body: string;

  constructor(input: string | StubRequest, init: RequestInit = {}) {
    this.url = typeof input === 'string' ? input : input.url;
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers);
    this.signal = init.signal ?? null;
    this.body = typeof init.body === 'string' ? init.body : '';
  }

  clone(): StubRequest {
    return new StubRequest(this.url, { method: this.method, headers: this.headers, body: this.body });
  }

  text(): Promise<string> {
    return Promise.resolve(this.body);
  }
}

function answerOf({ status, body }: StubAnswer): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  const response = {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers({ 'content-type': 'application/json' }),
    clone: () => answerOf({ status, body }),
    text: () => Promise.resolve(text),
  };
  return response as unknown as Response;
}

/** Installs the stub; call `restore` after the test. `calls` records every request in order. */
export function installApiStub(routes: StubRoutes) {
  const globals = globalThis as { Request?: unknown; fetch: typeof fetch };
  const originalRequest = globals.Request;
  const originalFetch = globals.fetch;
  const calls: StubbedCall[] = [];
  globals.Request = StubRequest;
  globals.fetch = (async (input: StubRequest) => {
    const url = new URL(input.url, 'http://localhost');
    const text = await input.text();
    const call: StubbedCall = {
      method: input.method,
      path: url.pathname,
      search: url.searchParams,
      headers: input.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.path}`];
    return answerOf(route ? route(call) : { status: 404, body: { statusCode: 404, message: 'Not stubbed' } });
  }) as unknown as typeof fetch;
  return {
    calls,
    /** The requests to one route. */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
    restore: () => {
      globals.Request = originalRequest;
      globals.fetch = originalFetch;
    },
  };
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
