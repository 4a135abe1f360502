import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { IdempotencyErrorCode } from '@infra/contracts';
import { MAX_REQUEST_ATTEMPTS } from '../config';
import { errorCodeOf, httpStatusOf } from './errors';

/** The HTTP method of a base query argument; a bare URL is a GET. */
export function requestMethod(args: string | FetchArgs): string {
  return typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
}

/**
 * The spec's retry rule (§8): retry a GET on 502, any request on 504 or a client time-out; pass every other
 * error through. `failedAttempts` counts the attempts made so far, so at most MAX_REQUEST_ATTEMPTS are made.
 * A 409 IDEMPOTENCY_KEY_IN_FLIGHT is retried too: it answers a retry (after a time-out) whose first attempt is still
 * running at the gateway, and the next retry gets that attempt's answer.
 */
export function shouldRetry(error: FetchBaseQueryError, args: string | FetchArgs, failedAttempts: number): boolean {
  if (failedAttempts >= MAX_REQUEST_ATTEMPTS) return false;
  if (error.status === 'TIMEOUT_ERROR') return true;
  const status = httpStatusOf(error);
  if (status === 504) return true;
  if (status === 502) return requestMethod(args) === 'GET';
  if (status === 409) return errorCodeOf(error) === IdempotencyErrorCode.InFlight;
  return false;
}
