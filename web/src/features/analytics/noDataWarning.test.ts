import type { UnknownAction } from '@reduxjs/toolkit';
import { makeStore } from '../../app/store';
import dashboardFilterSlice, {
  addQueryCacheKey,
  addQueryEndpoint,
  answerQuery,
  applyFilters,
  clearQueryTracking,
  setCollectionInput,
  type DashboardFilterState,
  type QueryAnswer,
} from '../dashboard/dashboardFilterSlice';
import { dismissToast, enqueueToast, type Toast } from '../toasts/toastsSlice';
import type { AnalysisArgs } from './analyticsApi';
import { workloadFixture } from './analyticsTestData';
import {
  analysisCacheKey,
  matchesNoAsset,
  NO_DATA_TOAST,
  noDataDecision,
  noDataToastActions,
  type NoDataEndpoint,
} from './noDataWarning';

const reduce = (state: DashboardFilterState | undefined, ...actions: UnknownAction[]) =>
  actions.reduce<DashboardFilterState>(
    (current, action) => dashboardFilterSlice.reducer(current, action),
    state ?? dashboardFilterSlice.reducer(undefined, { type: 'init' }),
  );

const organization = (collectionIds: string[] = []): AnalysisArgs => ({
  scope: { kind: 'organization', tagIds: [], collectionIds },
  timeHorizon: '30d',
});
const ENDPOINTS: NoDataEndpoint[] = ['getWorkload', 'getCostAnalysis'];
const buttonDisabled = (state: DashboardFilterState) =>
  dashboardFilterSlice.selectors.selectFilterButtonDisabled({ dashboardFilter: state });

/** What the dashboard registers for a filter: the two endpoints awaiting data and their cache keys. */
const tracking = (args: AnalysisArgs): UnknownAction[] => [
  clearQueryTracking(),
  ...ENDPOINTS.flatMap((endpoint) => [addQueryEndpoint(endpoint), addQueryCacheKey(analysisCacheKey(endpoint, args))]),
];
const answer = (endpoint: NoDataEndpoint, args: AnalysisArgs, value: QueryAnswer) =>
  answerQuery({ endpoint, cacheKey: analysisCacheKey(endpoint, args), answer: value });

describe('no-data warning: the decision from the query tracking (spec §4)', () => {
  const all = organization();

  it('waits while nothing is expected, and until every expected query has answered', () => {
    expect(noDataDecision(reduce(undefined))).toBe('pending');
    let state = reduce(undefined, ...tracking(all));
    expect(noDataDecision(state)).toBe('pending');
    state = reduce(state, answer('getWorkload', all, 'empty'));
    expect(noDataDecision(state)).toBe('pending');
    state = reduce(state, answer('getCostAnalysis', all, 'empty'));
    expect(noDataDecision(state)).toBe('noData');
  });

  it('shows the warning only when every answer is flagged empty', () => {
    const state = reduce(undefined, ...tracking(all), answer('getWorkload', all, 'empty'));
    expect(noDataDecision(reduce(state, answer('getCostAnalysis', all, 'ok')))).toBe('data');
    expect(noDataDecision(reduce(state, answer('getCostAnalysis', all, 'empty')))).toBe('noData');
  });

  it('a filter that matches no asset is no warning: the dashboard says so in its place', () => {
    const state = reduce(undefined, ...tracking(all), answer('getWorkload', all, 'noMatch'));
    expect(noDataDecision(reduce(state, answer('getCostAnalysis', all, 'noMatch')))).toBe('noMatch');
    expect(noDataToastActions('noData', 'noMatch', [{ ...NO_DATA_TOAST, key: 'w', dismissed: false }])).toEqual([
      dismissToast('w'),
    ]);
    expect(noDataToastActions('pending', 'noMatch', [])).toEqual([]);
  });

  it('an analysis matches no asset only under a filter and with no asset counted', () => {
    const result = (assets: number) => ({
      analysis: { ...workloadFixture(false), assets },
      dataIntegration: 'empty' as const,
    });
    expect(matchesNoAsset(organization(['c-1']), result(0))).toBe(true);
    expect(
      matchesNoAsset({ scope: { kind: 'collection', id: 'c', tagIds: ['t'] }, timeHorizon: '30d' }, result(0)),
    ).toBe(true);
    // Without a filter an organization with no asset is not "a filter selection" (the no-data warning says it).
    expect(matchesNoAsset(all, result(0))).toBe(false);
    expect(matchesNoAsset({ scope: { kind: 'collection', id: 'c', tagIds: [] }, timeHorizon: '30d' }, result(0))).toBe(
      false,
    );
    expect(matchesNoAsset(organization(['c-1']), result(2))).toBe(false);
    expect(matchesNoAsset(organization(['c-1']), undefined)).toBe(false);
  });

  it('a failed query decides at once, even with another still awaiting data', () => {
    const state = reduce(undefined, ...tracking(all), answer('getCostAnalysis', all, 'failed'));
    expect(state.queryEndpoints).toEqual(['getWorkload']);
    expect(noDataDecision(state)).toBe('failed');
  });

  it("ignores answers for another filter's cache keys", () => {
    const production = organization(['c-1']);
    const state = reduce(
      undefined,
      ...tracking(production),
      answer('getWorkload', all, 'empty'),
      answer('getCostAnalysis', all, 'empty'),
    );
    expect(state.queryAnswers).toEqual({});
    expect(state.queryEndpoints).toEqual(ENDPOINTS);
    expect(noDataDecision(state)).toBe('pending');
  });

  it('a new filter starts over: the old answers no longer count', () => {
    let state = reduce(undefined, ...tracking(all), answer('getWorkload', all, 'empty'));
    state = reduce(state, answer('getCostAnalysis', all, 'empty'));
    expect(noDataDecision(state)).toBe('noData');
    state = reduce(state, ...tracking(organization(['c-1'])));
    expect(state.queryAnswers).toEqual({});
    expect(noDataDecision(state)).toBe('pending');
  });

  it('answering releases the filter button; a choice made while it was disabled becomes applicable', () => {
    const production = { label: 'Production', value: 'c-1' };
    let state = reduce(undefined, ...tracking(all), setCollectionInput([production]));
    expect(buttonDisabled(state)).toBe(true);
    expect(state.isModified).toBe(false);
    state = reduce(state, answer('getWorkload', all, 'ok'));
    expect(state.isModified).toBe(false);
    state = reduce(state, answer('getCostAnalysis', all, 'ok'));
    expect(buttonDisabled(state)).toBe(false);
    expect(state.isModified).toBe(true);

    // Nothing chosen meanwhile: nothing to apply.
    state = reduce(state, applyFilters(), ...tracking(organization(['c-1'])));
    state = reduce(state, answer('getWorkload', organization(['c-1']), 'ok'));
    state = reduce(state, answer('getCostAnalysis', organization(['c-1']), 'ok'));
    expect(state.isModified).toBe(false);
  });
});

describe('no-data warning: the toasts of a change of decision', () => {
  const shown = (key: string, dismissed = false): Toast => ({ ...NO_DATA_TOAST, key, dismissed });
  const other: Toast = { messageKey: 'toast.queryError', variant: 'error', persist: true, key: 'e', dismissed: false };
  const types = (actions: UnknownAction[]) =>
    actions.map((action) => [action.type, 'payload' in action ? action.payload : undefined]);

  it('shows a persistent warning when the decision becomes "no data"', () => {
    const [action] = noDataToastActions('pending', 'noData', [other]);
    expect(enqueueToast.match(action as UnknownAction)).toBe(true);
    expect((action as ReturnType<typeof enqueueToast>).payload).toMatchObject({
      messageKey: 'analytics.noData',
      variant: 'warning',
      persist: true,
    });
  });

  it('dismisses an earlier warning first', () => {
    const actions = noDataToastActions('pending', 'noData', [shown('old'), shown('gone', true), other]);
    expect(actions).toHaveLength(2);
    expect(types(actions)[0]).toEqual([dismissToast.type, 'old']);
    expect(enqueueToast.match(actions[1] as UnknownAction)).toBe(true);
  });

  it('dismisses the warning on data or on a failure, and leaves it while a new filter loads', () => {
    expect(types(noDataToastActions('noData', 'failed', [shown('w'), other]))).toEqual([[dismissToast.type, 'w']]);
    expect(types(noDataToastActions('noData', 'data', [shown('w')]))).toEqual([[dismissToast.type, 'w']]);
    expect(noDataToastActions('noData', 'pending', [shown('w')])).toEqual([]);
    expect(noDataToastActions('noData', 'noData', [shown('w')])).toEqual([]);
  });
});

describe('no-data warning in the store', () => {
  const all = organization();
  const warnings = (store: ReturnType<typeof makeStore>) =>
    store
      .getState()
      .toasts.items.filter((toast) => toast.messageKey === NO_DATA_TOAST.messageKey)
      .map(({ key, dismissed, persist, variant }) => ({ key, dismissed, persist, variant }));

  it('shows one warning when all expected queries are empty, replaces it for the next empty filter, and a failure dismisses it', () => {
    const store = makeStore();
    const production = organization(['c-1']);
    for (const action of [
      ...tracking(all),
      answer('getWorkload', all, 'empty'),
      answer('getCostAnalysis', all, 'empty'),
    ])
      store.dispatch(action);
    const [first] = warnings(store);
    expect(warnings(store)).toEqual([{ key: first?.key, dismissed: false, persist: true, variant: 'warning' }]);

    // A new filter: the warning stays while it loads, then is replaced by a new one.
    for (const action of tracking(production)) store.dispatch(action);
    expect(warnings(store)).toEqual([{ key: first?.key, dismissed: false, persist: true, variant: 'warning' }]);
    store.dispatch(answer('getWorkload', production, 'empty'));
    store.dispatch(answer('getCostAnalysis', production, 'empty'));
    const [old, next] = warnings(store);
    expect(old).toMatchObject({ key: first?.key, dismissed: true });
    expect(next).toMatchObject({ dismissed: false, persist: true });
    expect(next?.key).not.toBe(first?.key);

    // A failed query dismisses it (its error toast comes from the API toast listener).
    for (const action of tracking(all)) store.dispatch(action);
    store.dispatch(answer('getWorkload', all, 'failed'));
    expect(warnings(store).every((toast) => toast.dismissed)).toBe(true);
  });

  it('shows nothing when one of the expected queries has data', () => {
    const store = makeStore();
    for (const action of [...tracking(all), answer('getWorkload', all, 'empty'), answer('getCostAnalysis', all, 'ok')])
      store.dispatch(action);
    expect(warnings(store)).toEqual([]);
  });
});
