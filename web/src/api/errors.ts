import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** An error as RTK Query reports it: from the base query, or a serialized thrown error. */
export type ApiError = FetchBaseQueryError | SerializedError;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return isRecord(error) && 'status' in error && (typeof error.status === 'number' || typeof error.status === 'string');
}

/**
 * The HTTP status behind an error, if there was a response: the status itself, or the original status of a
 * body that could not be parsed (e.g. an HTML 502 page from a proxy).
 */
export function httpStatusOf(error: unknown): number | undefined {
  if (!isFetchBaseQueryError(error)) return undefined;
  if (typeof error.status === 'number') return error.status;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return undefined;
}

/** The `errorId` of the API's error body `{ statusCode, message, errorId }`, when present. */
export function errorIdOf(error: unknown): string | undefined {
  if (!isFetchBaseQueryError(error) || !isRecord(error.data)) return undefined;
  const { errorId } = error.data;
  return typeof errorId === 'string' && errorId.length > 0 ? errorId : undefined;
}

/** The machine-readable `code` of the API's error body `{ statusCode, message, errorId, code }`, when present. */
export function errorCodeOf(error: unknown): string | undefined {
  if (!isFetchBaseQueryError(error) || !isRecord(error.data)) return undefined;
  const { code } = error.data;
  return typeof code === 'string' && code.length > 0 ? code : undefined;
}

/** A failed API call as the screens map it: its status (0 without an answer) and its error code. */
export function failureOf(error: unknown): { status: number; code?: string } {
  const code = errorCodeOf(error);
  return { status: httpStatusOf(error) ?? 0, ...(code ? { code } : {}) };
}

/** The message of the API's error body (a string or a list of validation messages), or the client error text. */
export function errorMessageOf(error: unknown): string {
  if (isFetchBaseQueryError(error)) {
    if (isRecord(error.data)) {
      const { message } = error.data;
      if (typeof message === 'string') return message;
      if (Array.isArray(message)) return message.filter((m): m is string => typeof m === 'string').join(' ');
    }
    if ('error' in error && typeof error.error === 'string') return error.error;
    return '';
  }
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  return '';
}

/** A request the client itself cancelled (component unmounted, argument changed): never shown. */
export function isAbortError(error: unknown): boolean {
  return isFetchBaseQueryError(error) && error.status === 'CUSTOM_ERROR' && error.error === 'Aborted';
}
