import type { AppStore } from '../../app/store';
import { silenceToastsOf } from '../../api/toastListener';
import { selectDashboardFilter } from '../dashboard/dashboardFilterSlice';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { analysisArgsOf } from './analysisScope';
import { analyticsApi } from './analyticsApi';

/**
 * Asks for the analyses the organization's dashboard (Home) shows first, with the arguments its widgets use (the
 * filter and time horizon it starts from), once an organization is selected: at start-up with the remembered one,
 * in parallel with the profile, instead of after the profile, the acceptance check and the page's chunks. Not
 * subscribed (the widgets subscribe to the same cache entries); a failure shows no toast, since a widget that asks
 * again for a failed entry gets a new request and its own toast (and a stale remembered organization is replaced
 * after the profile without its analyses ever being shown).
 */
export function prefetchOrganizationAnalyses(store: AppStore): void {
  const state = store.getState();
  if (!selectSelectedOrganizationId(state)) return;
  const args = analysisArgsOf({ kind: 'organization' }, selectDashboardFilter(state));
  const { endpoints } = analyticsApi;
  const requests = [
    store.dispatch(endpoints.getBusinessOverview.initiate(args, { subscribe: false })),
    store.dispatch(endpoints.getSystemRatings.initiate(args, { subscribe: false })),
    store.dispatch(endpoints.getWorkload.initiate(args, { subscribe: false })),
    store.dispatch(endpoints.getCostAnalysis.initiate(args, { subscribe: false })),
    store.dispatch(endpoints.getWorkloadGap.initiate(args, { subscribe: false })),
    store.dispatch(endpoints.getSystemUtilization.initiate(args, { subscribe: false })),
  ];
  for (const { requestId } of requests) silenceToastsOf(requestId);
}
