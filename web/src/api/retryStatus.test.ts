import { configureStore } from '@reduxjs/toolkit';
import retryStatusSlice, { pendingRequestIdOf, requestRetrying, selectRetryAttempts } from './retryStatus';

const store = () => configureStore({ reducer: { retryStatus: retryStatusSlice.reducer } });

describe('retryStatus', () => {
  it('keeps the failed attempts of a request being retried until it settles', () => {
    const { dispatch, getState } = store();
    dispatch(requestRetrying({ requestId: 'r1', failedAttempts: 1 }));
    dispatch(requestRetrying({ requestId: 'r1', failedAttempts: 2 }));
    dispatch(requestRetrying({ requestId: 'r2', failedAttempts: 1 }));
    expect(selectRetryAttempts(getState(), 'r1')).toBe(2);

    dispatch({
      type: 'api/executeQuery/fulfilled',
      payload: {},
      meta: { requestId: 'r1', requestStatus: 'fulfilled' },
    });
    expect(selectRetryAttempts(getState(), 'r1')).toBeUndefined();
    dispatch({
      type: 'api/executeQuery/rejected',
      payload: undefined,
      error: { message: 'Aborted' },
      meta: { requestId: 'r2', requestStatus: 'rejected', aborted: true },
    });
    expect(selectRetryAttempts(getState(), 'r2')).toBeUndefined();
  });

  it('answers nothing without a request id or without the slice', () => {
    expect(selectRetryAttempts(store().getState(), undefined)).toBeUndefined();
    expect(selectRetryAttempts({}, 'r1')).toBeUndefined();
  });

  it('finds the request now running for a query cache entry', () => {
    const state = { api: { queries: { 'getX(undefined)': { requestId: 'r9' } } } };
    expect(pendingRequestIdOf(state, 'getX(undefined)')).toBe('r9');
    expect(pendingRequestIdOf(state, 'getY(undefined)')).toBeUndefined();
    expect(pendingRequestIdOf(state, undefined)).toBeUndefined();
  });
});
