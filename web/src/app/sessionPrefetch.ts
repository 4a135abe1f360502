import { ROUTES } from '../config/routes';
import { acceptanceApi } from '../features/acceptance/acceptanceApi';
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
 * page's chunks are still downloading: the profile, and once it shows a session the acceptance status (never
 * before: a signed-out visit makes one request). The hooks then find both in the cache (same arguments).
 */
export function prefetchSession(store: AppStore, pathname: string): void {
  if (WITHOUT_SESSION_CHECK.has(pathname)) return;
  const profile = store.dispatch(
    userApi.endpoints.getProfile.initiate(profileArgsOf(store.getState()), { subscribe: false }),
  );
  void profile.then(({ data }) => {
    if (data)
      void store.dispatch(acceptanceApi.endpoints.getAcceptanceStatus.initiate(undefined, { subscribe: false }));
  });
}
