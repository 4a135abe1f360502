import type { UnknownAction } from '@reduxjs/toolkit';
import type { AnalysisBase } from '@infra/contracts';
import { useEffect } from 'react';
import type { ToastContent } from '../../api/toastRules';
import { useAppDispatch } from '../../app/hooks';
import { startAppListening } from '../../app/listenerMiddleware';
import {
  addQueryCacheKey,
  addQueryEndpoint,
  answerQuery,
  clearQueryTracking,
  selectDashboardFilter,
  type DashboardFilterState,
  type QueryAnswer,
} from '../dashboard/dashboardFilterSlice';
import { dismissToast, enqueueToast, selectToasts, type Toast } from '../toasts/toastsSlice';
import { useGetCostAnalysisQuery, useGetWorkloadQuery, type AnalysisArgs, type AnalysisResult } from './analyticsApi';

/**
 * The no-data warning (§4): once every expected workload and cost-analysis query of the current target and filter
 * has answered and each is flagged empty, a persistent warning toast appears (an earlier one dismissed first). A
 * failed query dismisses it; the failure's own error toast comes from the app's API toast listener.
 */

/** The endpoints whose emptiness decides the warning. */
export type NoDataEndpoint = 'getWorkload' | 'getCostAnalysis';

export const NO_DATA_TOAST: ToastContent = { messageKey: 'analytics.noData', variant: 'warning', persist: true };

/**
 * `pending`: nothing expected, or an answer still missing. `noMatch`: the filter matches no asset, which the
 * dashboard says in place of its sections ("No assets currently match filter selection."), not with the warning.
 */
export type NoDataDecision = 'pending' | 'noData' | 'noMatch' | 'data' | 'failed';

/** The cache key of an expected query: its endpoint and its arguments (built in a fixed key order). */
export function analysisCacheKey(endpoint: NoDataEndpoint, args: AnalysisArgs): string {
  return `${endpoint}(${JSON.stringify(args)})`;
}

/** The decision of §4 from the query tracking of the filter state. */
export function noDataDecision(
  state: Pick<DashboardFilterState, 'queryEndpoints' | 'queryCacheKeys' | 'queryAnswers'>,
): NoDataDecision {
  const answers = state.queryCacheKeys.map((key): QueryAnswer | undefined => state.queryAnswers[key]);
  if (answers.includes('failed')) return 'failed';
  if (answers.length === 0 || state.queryEndpoints.length > 0 || answers.includes(undefined)) return 'pending';
  if (answers.includes('noMatch')) return 'noMatch';
  return answers.every((answer) => answer === 'empty') ? 'noData' : 'data';
}

/**
 * What the toasts do when the decision changes: a new warning replaces any shown one; data or a failure dismisses
 * it; a new filter still loading leaves it until its own answers decide.
 */
export function noDataToastActions(
  before: NoDataDecision,
  after: NoDataDecision,
  toasts: readonly Toast[],
): UnknownAction[] {
  if (before === after) return [];
  const dismissals = toasts
    .filter((toast) => toast.messageKey === NO_DATA_TOAST.messageKey && !toast.dismissed)
    .map((toast) => dismissToast(toast.key));
  switch (after) {
    case 'noData':
      return [...dismissals, enqueueToast(NO_DATA_TOAST)];
    case 'data':
    case 'noMatch':
    case 'failed':
      return dismissals;
    case 'pending':
      return [];
  }
}

startAppListening({
  predicate: (_action, state, previous) =>
    noDataDecision(selectDashboardFilter(state)) !== noDataDecision(selectDashboardFilter(previous)),
  effect: (_action, { dispatch, getState, getOriginalState }) => {
    const before = noDataDecision(selectDashboardFilter(getOriginalState()));
    const after = noDataDecision(selectDashboardFilter(getState()));
    for (const action of noDataToastActions(before, after, selectToasts(getState()))) dispatch(action);
  },
});

/** Whether the analyses of `args` are narrowed by a filter (tags or collections chosen). */
export function isFiltered({ scope }: AnalysisArgs): boolean {
  switch (scope.kind) {
    case 'asset':
      return false;
    case 'collection':
      return scope.tagIds.length > 0;
    case 'organization':
      return scope.tagIds.length > 0 || scope.collectionIds.length > 0;
  }
}

/** Whether an analysis answered that the filter of its arguments matches no asset. */
export function matchesNoAsset(args: AnalysisArgs, result: AnalysisResult<AnalysisBase> | undefined): boolean {
  return result !== undefined && isFiltered(args) && result.analysis.assets === 0;
}

/** A query's answer once it has one; not while it is asked again (e.g. for the organization switched to). */
function answerOf(
  args: AnalysisArgs,
  result: { isError: boolean; isFetching: boolean; currentData?: AnalysisResult<AnalysisBase> },
): QueryAnswer | undefined {
  if (result.isFetching) return undefined;
  if (result.isError) return 'failed';
  if (matchesNoAsset(args, result.currentData)) return 'noMatch';
  return result.currentData?.dataIntegration;
}

/**
 * Registers the workload and cost-analysis queries a dashboard expects for `args` (they await data, the filter button
 * waits for them) and records their answers. It subscribes to them itself, so they answer even when a widget that
 * shows them fails; a cached answer counts at once. Says whether they answered that the filter matches no asset.
 */
export function useNoDataTracking(args: AnalysisArgs, skip: boolean): { matchesNoAsset: boolean } {
  const dispatch = useAppDispatch();
  const workload = answerOf(args, useGetWorkloadQuery(args, { skip }));
  const cost = answerOf(args, useGetCostAnalysisQuery(args, { skip }));
  const workloadKey = analysisCacheKey('getWorkload', args);
  const costKey = analysisCacheKey('getCostAnalysis', args);

  // Declared first: on a new filter the keys are registered before the answers of the same render are recorded.
  useEffect(() => {
    dispatch(clearQueryTracking());
    if (skip) return;
    const expected: [NoDataEndpoint, string][] = [
      ['getWorkload', workloadKey],
      ['getCostAnalysis', costKey],
    ];
    for (const [endpoint, cacheKey] of expected) {
      dispatch(addQueryEndpoint(endpoint));
      dispatch(addQueryCacheKey(cacheKey));
    }
  }, [dispatch, skip, workloadKey, costKey]);
  useEffect(() => {
    if (workload) dispatch(answerQuery({ endpoint: 'getWorkload', cacheKey: workloadKey, answer: workload }));
  }, [dispatch, workloadKey, workload]);
  useEffect(() => {
    if (cost) dispatch(answerQuery({ endpoint: 'getCostAnalysis', cacheKey: costKey, answer: cost }));
  }, [dispatch, costKey, cost]);
  return { matchesNoAsset: workload === 'noMatch' || cost === 'noMatch' };
}
