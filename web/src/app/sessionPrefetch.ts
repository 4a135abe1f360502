import { ROUTES } from '../config/routes';
import { acceptanceApi } from '../features/acceptance/acceptanceApi';
import { prefetchOrganizationAnalyses } from '../features/analytics/analysesPrefetch';
import { profileArgsOf } from '../features/user/useProfile';
import { userApi } from '../features/user/userApi';
import type { AppStore } from './store';

/** Pages outside the default layout: they never ask for the profile (no redirect loop when signed out). */
const WITHOUT_SESSION_CHECK = new Set<string>([
  ROUTES.signIn,
  ROUTES.loggedOut,
  ROUTES.forgotPassword,
  ROUTES.resetPassword,
  ROUTES.userAcceptance,
]);

/**
 * Asks for what the default layout's guard waits for as soon as the store exists, while the layout's and the
 * page's chunks are still downloading: the profile and the acceptance status, in parallel (one round trip before the
 * page shows instead of two; a signed-out visit gets two 401s, the first of which sends it to login). On Home, the
 * dashboard's analyses too: at once for the remembered organization, else once the profile has selected one (no
 * request waits for more than one other before the analyses, issue 21 item 8). The hooks then find them in the cache
 * (same arguments).
 */
export function prefetchSession(store: AppStore, pathname: string): void {
  if (WITHOUT_SESSION_CHECK.has(pathname)) return;
  const profile = store.dispatch(
    userApi.endpoints.getProfile.initiate(profileArgsOf(store.getState()), { subscribe: false }),
  );
  void store.dispatch(acceptanceApi.endpoints.getAcceptanceStatus.initiate(undefined, { subscribe: false }));
  if (pathname !== ROUTES.home) return;
  prefetchOrganizationAnalyses(store);
  // Without a remembered organization the profile's listener selects the first one (a no-op when already asked).
  void profile.then(({ data }) => {
    if (data) prefetchOrganizationAnalyses(store);
  });
}
