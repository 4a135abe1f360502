import { isFulfilled, isRejected, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { httpStatusOf } from './errors';
import {
  mutationErrorToast,
  mutationSuccessToast,
  queryErrorToast,
  serviceOfUrl,
  TOAST_KEYS,
  type ToastContent,
} from './toastRules';

interface ApiThunkArg {
  type: 'query' | 'mutation' | 'infinitequery';
  endpointName: string;
  queryCacheKey?: string;
}

interface ApiThunkMeta {
  arg: ApiThunkArg;
  requestId?: string;
  baseQueryMeta?: FetchBaseQueryMeta;
  condition?: boolean;
  aborted?: boolean;
}

/** Endpoint-specific toast texts (spec §8: createView, updateFavorite, updateTag, …) registered by features. */
export interface EndpointToasts {
  successKey?: string;
  errorKey?: string;
  /** A background check whose failure the user cannot act on: logged to the console, no toast. */
  silentQueryError?: boolean;
  /** A form that shows the failure next to its fields: no toast on top of it. */
  inlineError?: boolean;
  /** With `errorKey`: a duplicate still shows the entity-already-exists text; other failures show `errorKey`. */
  keepDuplicateError?: boolean;
  /** A query whose 404 the page shows itself ("Oops! {entity} Not Found"): no toast for a 404. */
  notFoundShownByPage?: boolean;
}
const endpointToasts = new Map<string, EndpointToasts>();

export function registerEndpointToasts(endpointName: string, toasts: EndpointToasts): void {
  endpointToasts.set(endpointName, toasts);
}

/** Requests whose failure shows no toast: prefetches nobody waits for (a page that asks again gets its own). */
const silentRequests = new Set<string>();

/** No toast when the request `requestId` (an `initiate`'s) fails: a prefetch the page will ask for again. */
export function silenceToastsOf(requestId: string): void {
  silentRequests.add(requestId);
}

/** The RTK Query meta of an API thunk action, or undefined for any other action. */
export function apiMetaOf(action: UnknownAction, reducerPath = 'api'): ApiThunkMeta | undefined {
  if (!action.type.startsWith(`${reducerPath}/`) || !('meta' in action)) return undefined;
  const { meta } = action;
  if (typeof meta !== 'object' || meta === null || !('arg' in meta)) return undefined;
  const { arg } = meta;
  if (typeof arg !== 'object' || arg === null || !('type' in arg) || !('endpointName' in arg)) return undefined;
  if (arg.type !== 'query' && arg.type !== 'mutation' && arg.type !== 'infinitequery') return undefined;
  return meta as ApiThunkMeta;
}

function withOverride(toast: ToastContent | null, key: string | undefined): ToastContent | null {
  return toast && key ? { ...toast, messageKey: key } : toast;
}

/** The error of a rejected action: the base query's error value, or the serialized thrown error. */
function rejectionOf(action: UnknownAction): { error: unknown } | undefined {
  if (isRejectedWithValue(action)) return { error: action.payload };
  if (isRejected(action)) return { error: action.error };
  return undefined;
}

/**
 * The toast an API action calls for (§8), or null. `watched` says whether a component subscribes to a query's cache
 * entry: a silenced prefetch that a page joined while it was under way is the page's request, and its failure toasts.
 */
export function apiToastFor(
  action: UnknownAction,
  reducerPath = 'api',
  watched: (queryCacheKey: string) => boolean = () => false,
): ToastContent | null {
  const meta = apiMetaOf(action, reducerPath);
  if (!meta) return null;
  const settled = isFulfilled(action) || isRejected(action);
  const silenced = settled && meta.requestId !== undefined && silentRequests.delete(meta.requestId);
  if (silenced && !(meta.arg.queryCacheKey !== undefined && watched(meta.arg.queryCacheKey))) return null;
  if (meta.condition || meta.aborted) return null;
  const isMutation = meta.arg.type === 'mutation';
  const override = endpointToasts.get(meta.arg.endpointName);

  const failure = rejectionOf(action);
  if (failure) {
    const { error } = failure;
    if (!isMutation && override?.silentQueryError) {
      // A 401 is no news: the browser is already on its way to login.
      if (httpStatusOf(error) !== 401) console.warn(`Query ${meta.arg.endpointName} failed`, error);
      return null;
    }
    if (isMutation && override?.inlineError) return null;
    if (!isMutation && override?.notFoundShownByPage && httpStatusOf(error) === 404) return null;
    if (!isMutation) return queryErrorToast(error, meta.baseQueryMeta?.request?.url);
    const toast = mutationErrorToast(error);
    if (override?.keepDuplicateError && toast?.messageKey === TOAST_KEYS.alreadyExists) return toast;
    return withOverride(toast, override?.errorKey);
  }
  if (isMutation && isFulfilled(action)) {
    return withOverride(mutationSuccessToast(meta.baseQueryMeta?.request.method), override?.successKey);
  }
  return null;
}

/** The service that answered a query (a fulfilled query action), which ends an outage of it; else undefined. */
export function answeringServiceOf(action: UnknownAction, reducerPath = 'api'): string | undefined {
  const meta = apiMetaOf(action, reducerPath);
  if (!meta || meta.arg.type === 'mutation' || !isFulfilled(action)) return undefined;
  const url = meta.baseQueryMeta?.request?.url;
  return url ? serviceOfUrl(url) : undefined;
}

/** Failed asynchronous actions that are not API calls are logged to the console only (§8). */
export function isFailedAsyncAction(action: UnknownAction, reducerPath = 'api'): boolean {
  if (!isRejected(action) || apiMetaOf(action, reducerPath)) return false;
  const meta = (action as { meta?: { condition?: boolean; aborted?: boolean } }).meta;
  return !meta?.condition && !meta?.aborted;
}
