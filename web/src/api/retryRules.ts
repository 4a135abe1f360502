import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { IdempotencyErrorCode } from '@infra/contracts';
import { MAX_REQUEST_ATTEMPTS, RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS, RETRY_MAX_EXPONENT } from '../config';
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

/**
 * The wait before retry number `attempt` (1 for the first retry), §9: randomised (a factor from 0.4 to 1.4, as RTK
 * Query's default backoff), growing exponentially from 300 ms, exponent capped at 5; and never above
 * RETRY_MAX_DELAY_MS, so a service that is back is asked again within a few seconds.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt, 0), RETRY_MAX_EXPONENT);
  const randomised = Math.floor((random() + 0.4) * (RETRY_BASE_DELAY_MS * 2 ** exponent));
  return Math.min(randomised, RETRY_MAX_DELAY_MS);
}

/** The base query's backoff: waits `retryDelayMs(attempt)`, or rejects at once when the request is cancelled. */
export function cappedBackoff(attempt: number, _maxRetries: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error('Aborted'));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('Aborted'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, retryDelayMs(attempt));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
