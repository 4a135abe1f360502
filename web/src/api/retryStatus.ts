import { createSlice, isFulfilled, isRejected, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';

/**
 * Queries whose last attempt failed with an error the client retries (502, 504, a time-out: §8), by the request id
 * of the query thunk, so a widget can say "retrying" instead of showing a bare placeholder. The base query records a
 * retry before it waits; the entry goes when the request settles (answered, failed for good, or cancelled).
 */
export interface RetryStatusState {
  /** requestId → attempts made so far (all failed). */
  failedAttempts: Record<string, number>;
}

const initialState: RetryStatusState = { failedAttempts: {} };

function settledRequestId(action: UnknownAction): string | undefined {
  if (!isFulfilled(action) && !isRejected(action)) return undefined;
  const { requestId } = (action as { meta: { requestId?: unknown } }).meta;
  return typeof requestId === 'string' ? requestId : undefined;
}

const retryStatusSlice = createSlice({
  name: 'retryStatus',
  initialState,
  reducers: {
    requestRetrying(state, action: PayloadAction<{ requestId: string; failedAttempts: number }>) {
      state.failedAttempts[action.payload.requestId] = action.payload.failedAttempts;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      (action: UnknownAction) => {
        const requestId = settledRequestId(action);
        return requestId !== undefined;
      },
      (state, action) => {
        const requestId = settledRequestId(action);
        if (requestId !== undefined && requestId in state.failedAttempts) delete state.failedAttempts[requestId];
      },
    );
  },
});

export const { requestRetrying } = retryStatusSlice.actions;
export default retryStatusSlice;

/** The failed attempts of a request that is being retried, or undefined (not retrying, or no such request). */
export function selectRetryAttempts(state: unknown, requestId: string | undefined): number | undefined {
  if (!requestId || typeof state !== 'object' || state === null || !('retryStatus' in state)) return undefined;
  return (state as { retryStatus: RetryStatusState }).retryStatus.failedAttempts[requestId];
}

/** The request id of the query cache entry `queryCacheKey` (the request now running for it), from the store. */
export function pendingRequestIdOf(state: unknown, queryCacheKey: string | undefined, reducerPath = 'api') {
  if (!queryCacheKey || typeof state !== 'object' || state === null) return undefined;
  const apiState = (state as Record<string, unknown>)[reducerPath] as
    { queries?: Record<string, { requestId?: string } | undefined> } | undefined;
  return apiState?.queries?.[queryCacheKey]?.requestId;
}
