import toastsSlice, { dismissToast, enqueueToast, serviceAnswered } from './toastsSlice';

const failed = { messageKey: 'toast.queryError', errorId: 'e-1', variant: 'error' as const, persist: true };

describe('toasts', () => {
  it('does not stack the same text twice while it is shown', () => {
    let state = toastsSlice.reducer(undefined, enqueueToast(failed));
    state = toastsSlice.reducer(state, enqueueToast(failed));
    expect(state.items).toHaveLength(1);
    state = toastsSlice.reducer(state, enqueueToast({ ...failed, errorId: 'e-2' }));
    expect(state.items).toHaveLength(2);
  });

  it('shows the text again once the earlier one is dismissed', () => {
    let state = toastsSlice.reducer(undefined, enqueueToast({ ...failed, key: 'first' }));
    state = toastsSlice.reducer(state, dismissToast('first'));
    state = toastsSlice.reducer(state, enqueueToast(failed));
    expect(state.items.filter((toast) => !toast.dismissed)).toHaveLength(1);
  });

  it('shows one toast per outage: the same outage again is not stacked, even with another errorId', () => {
    const outage = { ...failed, outageKey: 'analytics|unavailable' };
    let state = toastsSlice.reducer(undefined, enqueueToast(outage));
    state = toastsSlice.reducer(state, enqueueToast({ ...outage, errorId: 'e-2' }));
    state = toastsSlice.reducer(state, enqueueToast({ ...outage, errorId: 'e-3', key: 'x' }));
    expect(state.items.map((toast) => toast.errorId)).toEqual(['e-1']);
    state = toastsSlice.reducer(state, serviceAnswered('analytics'));
    state = toastsSlice.reducer(state, enqueueToast({ ...outage, errorId: 'e-4' }));
    expect(state.items.map((toast) => toast.errorId)).toEqual(['e-1', 'e-4']);
  });
});
