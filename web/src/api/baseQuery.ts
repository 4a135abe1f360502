import {
  fetchBaseQuery,
  retry,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  type RetryOptions,
} from '@reduxjs/toolkit/query';
import { ORGANIZATION_HEADER } from '@infra/contracts';
import { API_BASE_URL, REQUEST_TIMEOUT_MS } from '../config';
import { browserLocation } from '../shared/browserLocation';
import { loginUrl } from '../shared/returnTo';
import { httpStatusOf } from './errors';
import { shouldRetry } from './retryRules';

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
 * `returnTo` (the server renews the session and comes back, or shows the sign-in page).
 */
export function redirectToLogin(): void {
  browserLocation.replace(loginUrl(window.location));
}

export interface BaseQueryOptions {
  baseUrl?: string;
  timeout?: number;
  /** Defaults to the global fetch at call time (so tests can stub it). */
  fetchFn?: typeof fetch;
  /** Defaults to RTK Query's randomised exponential backoff from 300 ms, maximum exponent 5. */
  backoff?: RetryOptions['backoff'];
  onUnauthorized?: () => void;
}

/**
 * The one base query: fetchBaseQuery (time-out, organization header) with pipes encoded, wrapped in RTK Query's
 * `retry` with the spec's retry condition, and a 401 handler outside the retries.
 *
 * `retry` takes either `maxRetries` or `retryCondition`; the condition carries the 10-attempt cap itself, and
 * the default backoff keeps its default maximum of 5 (the spec's "default maximum 5").
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
    retryCondition: (error, args, { attempt }) =>
      shouldRetry(error as FetchBaseQueryError, args as string | FetchArgs, attempt),
    ...(options.backoff ? { backoff: options.backoff } : {}),
  });
  const onUnauthorized = options.onUnauthorized ?? redirectToLogin;

  return async (args, api, extraOptions) => {
    const result = await retrying(args, api, extraOptions);
    if (result.error && httpStatusOf(result.error) === 401) onUnauthorized();
    return result as Awaited<ReturnType<AppBaseQuery>>;
  };
}
