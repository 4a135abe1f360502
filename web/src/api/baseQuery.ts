import {
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  type RetryOptions,
} from '@reduxjs/toolkit/query';
import { IDEMPOTENCY_KEY_HEADER, ORGANIZATION_HEADER } from '@infra/contracts';
import { API_BASE_URL, REQUEST_TIMEOUT_MS } from '../config';
import { browserLocation } from '../shared/browserLocation';
import { loginUrl } from '../shared/returnTo';
import { signingOutLatch } from '../shared/signingOut';
import { httpStatusOf } from './errors';
import { cappedBackoff, requestMethod, shouldRetry } from './retryRules';
import { pendingRequestIdOf, requestRetrying } from './retryStatus';

export type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

/** The API client replaces the pipe character in URLs with its encoded form (§7). */
export function encodePipes(args: string | FetchArgs): string | FetchArgs {
  if (typeof args === 'string') return args.replaceAll('|', '%7C');
  return { ...args, url: args.url.replaceAll('|', '%7C') };
}

/** The selected organization's id from the store's state, if one is set. */
export function selectedOrganizationIdOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('selectedOrganization' in state)) return undefined;
  const organization = state.selectedOrganization;
  if (typeof organization !== 'object' || organization === null || !('id' in organization)) return undefined;
  return typeof organization.id === 'string' && organization.id.length > 0 ? organization.id : undefined;
}

/** Every request carries the organizationId header of the selected organization when one is set (§6). */
export function withOrganizationHeader(headers: Headers, state: unknown): Headers {
  const organizationId = selectedOrganizationIdOf(state);
  if (organizationId && !headers.has(ORGANIZATION_HEADER)) headers.set(ORGANIZATION_HEADER, organizationId);
  return headers;
}

/**
 * A 401 sends the browser to the login location by a full-page replace (§2), with the current page as
 * `returnTo` (the server renews the session and comes back, or shows the sign-in page); not while the user is
 * signing out (the signed-out page is on its way).
 */
export function redirectToLogin(): void {
  if (signingOutLatch.isSet()) return;
  browserLocation.replace(loginUrl(window.location));
}

/**
 * A fresh key: `crypto.randomUUID` where the page is a secure context (https, localhost), else a version-4 UUID
 * from `crypto.getRandomValues`, which plain-http pages have too.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const KEYED_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * A mutation's POST, PUT or PATCH gets one Idempotency-Key (a Structured Fields string, as the IETF draft writes
 * it) before the retries, so every retry of it carries the same key and the gateway executes it once.
 */
export function withIdempotencyKey(
  args: string | FetchArgs,
  type: 'query' | 'mutation',
  newKey: () => string = newIdempotencyKey,
): string | FetchArgs {
  if (type !== 'mutation' || typeof args === 'string' || !KEYED_METHODS.has(requestMethod(args))) return args;
  const headers = new Headers();
  const given = args.headers;
  const entries =
    given instanceof Headers ? [...given.entries()] : Array.isArray(given) ? given : Object.entries(given ?? {});
  for (const [name, value] of entries) if (value !== undefined) headers.set(name, value);
  if (!headers.has(IDEMPOTENCY_KEY_HEADER)) headers.set(IDEMPOTENCY_KEY_HEADER, `"${newKey()}"`);
  return { ...args, headers };
}

export interface BaseQueryOptions {
  baseUrl?: string;
  timeout?: number;
  /** Defaults to the global fetch at call time (so tests can stub it). */
  fetchFn?: typeof fetch;
  /** Defaults to `cappedBackoff`: randomised, exponential from 300 ms, maximum exponent 5, each wait at most 3 s. */
  backoff?: RetryOptions['backoff'];
  onUnauthorized?: () => void;
  /** Defaults to a random UUID per mutation call. */
  newIdempotencyKey?: () => string;
}

/**
 * The one base query: fetchBaseQuery (time-out, organization header) with pipes encoded, wrapped in RTK Query's
 * `retry` with the spec's retry condition, and outside the retries an Idempotency-Key per mutation call and a
 * 401 handler.
 *
 * `retry` takes either `maxRetries` or `retryCondition`; the condition carries the 10-attempt cap itself, and
 * the backoff keeps RTK Query's default maximum exponent of 5 (the spec's "default maximum 5") with each wait capped
 * at 3 s. A query being retried is recorded in the store (`retryStatus`) for the widgets to show.
 */
export function createBaseQuery(options: BaseQueryOptions = {}): AppBaseQuery {
  const fetching = fetchBaseQuery({
    baseUrl: options.baseUrl ?? API_BASE_URL,
    timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
    prepareHeaders: (headers, { getState }) => withOrganizationHeader(headers, getState()),
    ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
  });
  const encoded: AppBaseQuery = (args, api, extraOptions) => fetching(encodePipes(args), api, extraOptions);
  const retrying = retry(encoded, {
    retryCondition: (error, args, { attempt, baseQueryApi }) => {
      const again = shouldRetry(error as FetchBaseQueryError, args as string | FetchArgs, attempt);
      // A query says it is being retried (the widgets show it), until its request settles.
      const requestId =
        baseQueryApi.type === 'query'
          ? pendingRequestIdOf(baseQueryApi.getState(), baseQueryApi.queryCacheKey)
          : undefined;
      if (again && requestId) baseQueryApi.dispatch(requestRetrying({ requestId, failedAttempts: attempt }));
      return again;
    },
    backoff: options.backoff ?? cappedBackoff,
  });
  const onUnauthorized = options.onUnauthorized ?? redirectToLogin;

  return async (args, api, extraOptions) => {
    const keyed = withIdempotencyKey(args, api.type, options.newIdempotencyKey);
    const result = await retrying(keyed, api, extraOptions);
    if (result.error && httpStatusOf(result.error) === 401) onUnauthorized();
    return result as Awaited<ReturnType<AppBaseQuery>>;
  };
}
