import { errorCodeOf, errorIdOf, errorMessageOf, httpStatusOf, isAbortError, isFetchBaseQueryError } from './errors';

export type ToastVariant = 'success' | 'error' | 'warning' | 'info';

/** What to show: a translation key, optional interpolation values and an errorId to append. */
export interface ToastContent {
  messageKey: string;
  values?: Record<string, string | number>;
  errorId?: string;
  variant: ToastVariant;
  /** Errors and warnings stay until closed; success toasts close themselves. */
  persist: boolean;
  /**
   * A query failing because a service is out (`outageKeyOf`): one toast per outage, not one per widget. Toasts with
   * the same key are shown once until the service answers again or the window passes (`admitOutageToast`).
   */
  outageKey?: string;
}

/** Translation keys of the toast texts (texts in public/locales/<lng>/translation.json). */
export const TOAST_KEYS = {
  saved: 'toast.saved',
  deleted: 'toast.deleted',
  updated: 'toast.updated',
  unknownError: 'toast.unknownError',
  alreadyExists: 'toast.alreadyExists',
  queryError: 'toast.queryError',
  networkError: 'toast.networkError',
  withErrorId: 'toast.withErrorId',
} as const;

function errorToast(messageKey: string, error: unknown): ToastContent {
  const errorId = errorIdOf(error);
  return { messageKey, variant: 'error', persist: true, ...(errorId ? { errorId } : {}) };
}

/** Errors that show no toast: a 401 (the browser goes to login) and requests the client cancelled. */
function isSilent(error: unknown): boolean {
  return httpStatusOf(error) === 401 || isAbortError(error);
}

/**
 * Error codes that mean "already exists": the generic conflict code, or a module's *_EXISTS / DUPLICATE_* /
 * *_TAKEN code (COLLECTION_NAME_TAKEN, VIEW_NAME_TAKEN, ORGANIZATION_NAME_TAKEN, …).
 */
const DUPLICATE_CODE = /^CONFLICT$|EXISTS|DUPLICATE|_TAKEN$/;

/** Whether a failure means the entity already exists: by its code; a body without a code by the §8 text rule. */
function isDuplicate(error: unknown): boolean {
  const code = errorCodeOf(error);
  if (code) return DUPLICATE_CODE.test(code);
  const message = errorMessageOf(error).toLowerCase();
  return message.includes('exist') || message.includes('duplicate');
}

/** A failed mutation (§8): the entity-already-exists text for a duplicate, else the unknown-error text. */
export function mutationErrorToast(error: unknown): ToastContent | null {
  if (isSilent(error)) return null;
  return errorToast(isDuplicate(error) ? TOAST_KEYS.alreadyExists : TOAST_KEYS.unknownError, error);
}

/**
 * A failed query (§8): the query-error text; a 408 (and a request that never got a response: network failure
 * or client time-out) gives the connection-issue text instead.
 */
export function queryErrorToast(error: unknown, url?: string): ToastContent | null {
  if (isSilent(error)) return null;
  const status = httpStatusOf(error);
  const noResponse =
    isFetchBaseQueryError(error) && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR');
  const toast = errorToast(status === 408 || noResponse ? TOAST_KEYS.networkError : TOAST_KEYS.queryError, error);
  const outageKey = outageKeyOf(error, url);
  return outageKey ? { ...toast, outageKey } : toast;
}

/**
 * Which service answers a path of the API, as the gateway's route table (spec §7) routes it: only to group the
 * toasts of an outage, so a path it does not know is its own group (its first segment).
 */
const SERVICE_BY_FIRST_SEGMENT: Record<string, string> = {
  accounts: 'identity',
  auth: 'identity',
  organizations: 'identity',
  users: 'identity',
  stubs: 'identity',
  assets: 'inventory',
  collections: 'inventory',
  views: 'inventory',
  meta: 'inventory',
  integrations: 'inventory',
  tags: 'tagging',
  rules: 'tagging',
  files: 'tagging',
  s3: 'tagging',
  'business-events': 'events',
  data: 'analytics',
  telemetry: 'analytics',
};
/** Last segments of the analyses under assets/{id}, collections/{id} and organizations (served by analytics). */
const ANALYTICS_LAST_SEGMENTS = new Set([
  'system-utilization',
  'workload',
  'cost-analysis',
  'workload-gap-analysis',
  'system-ratings',
  'business-overview',
  'summary',
  'impact',
]);

export function serviceOfUrl(url: string | undefined): string {
  if (!url) return 'unknown';
  const pathname = new URL(url, 'http://app.invalid').pathname;
  const below = pathname.replace(/^.*?\/api\/v1\//, '').replace(/\/+$/, '');
  const segments = below.split('/');
  const first = segments[0] ?? '';
  const last = segments[segments.length - 1] ?? '';
  // views/summary is inventory's (the view dialog's count); the other analyses are analytics'.
  if (segments.length > 1 && ANALYTICS_LAST_SEGMENTS.has(last) && below !== 'views/summary') return 'analytics';
  return SERVICE_BY_FIRST_SEGMENT[first] ?? first;
}

/**
 * The outage a failed query reports, as `<service>|<kind>`, or undefined for a failure of this one request (400,
 * 404, 500: its own toast). An outage is a service that does not answer: 502 (down), 503, 504 or a client time-out
 * (too slow), a request with no response (network).
 */
export function outageKeyOf(error: unknown, url: string | undefined): string | undefined {
  if (!isFetchBaseQueryError(error)) return undefined;
  let kind: string | undefined;
  if (error.status === 'FETCH_ERROR') kind = 'network';
  else if (error.status === 'TIMEOUT_ERROR') kind = 'timeout';
  else {
    const status = httpStatusOf(error);
    if (status === 502 || status === 503) kind = 'unavailable';
    else if (status === 504 || status === 408) kind = 'timeout';
  }
  return kind ? `${serviceOfUrl(url)}|${kind}` : undefined;
}

/** When each outage was last reported: outage key → milliseconds since the epoch. */
export type OutageLog = Record<string, number>;

/**
 * Whether an outage's toast is shown (one error toast per outage, not one per widget: issue 21, item 9): yes
 * unless the same outage was reported within `windowMs` before `at`. Every report moves the window on, so an outage
 * that lasts shows one toast; `endOutages` forgets a service that answered, so its next outage shows again.
 */
export function admitOutageToast(log: OutageLog, key: string, at: number, windowMs: number): boolean {
  const last = log[key];
  log[key] = at;
  return last === undefined || at - last >= windowMs;
}

/** Forgets the outages of a service that answered again. */
export function endOutages(log: OutageLog, service: string): void {
  for (const key of Object.keys(log)) if (key.startsWith(`${service}|`)) delete log[key];
}

const SUCCESS_BY_METHOD: Record<string, string> = {
  POST: TOAST_KEYS.saved,
  PUT: TOAST_KEYS.saved,
  PATCH: TOAST_KEYS.updated,
  DELETE: TOAST_KEYS.deleted,
};

/** A successful mutation (§8): POST and PUT say Saved, PATCH Updated, DELETE Deleted; other methods nothing. */
export function mutationSuccessToast(method: string | undefined): ToastContent | null {
  const messageKey = method ? SUCCESS_BY_METHOD[method.toUpperCase()] : undefined;
  return messageKey ? { messageKey, variant: 'success', persist: false } : null;
}

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The text of a toast: its message, with " (Error ID: …)" appended when the response carried one. */
export function toastText(toast: Pick<ToastContent, 'messageKey' | 'values' | 'errorId'>, t: Translate): string {
  const message = t(toast.messageKey, toast.values);
  return toast.errorId ? t(TOAST_KEYS.withErrorId, { message, errorId: toast.errorId }) : message;
}
