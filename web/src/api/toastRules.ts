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
export function queryErrorToast(error: unknown): ToastContent | null {
  if (isSilent(error)) return null;
  const status = httpStatusOf(error);
  const noResponse =
    isFetchBaseQueryError(error) && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR');
  return errorToast(status === 408 || noResponse ? TOAST_KEYS.networkError : TOAST_KEYS.queryError, error);
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
