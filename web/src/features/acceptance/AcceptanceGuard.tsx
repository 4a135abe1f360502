import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { httpStatusOf } from '../../api/errors';
import { ROUTES } from '../../config/routes';
import { BootSpinner } from '../../shared/components/Loading';
import { useProfile } from '../user/useProfile';
import { useGetAcceptanceStatusQuery } from './acceptanceApi';

/** Where the acceptance page sends the user back to. */
export interface AcceptanceLocationState {
  from?: string;
}

/**
 * The default layout's first check: a signed-in user who has not accepted the current terms of service and
 * privacy policy sees the acceptance page before anything else (nothing of the layout loads meanwhile).
 * The status is asked for only once the profile shows a session: a signed-out visit makes one request (the
 * profile's 401 sends the browser to login), not a second one that can only fail. If the status cannot be
 * read, the app goes on (a 401 still goes to login).
 */
export function AcceptanceGuard({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const signedIn = profile.data !== undefined;
  const status = useGetAcceptanceStatusQuery(undefined, { skip: !signedIn });
  const { pathname, search } = useLocation();
  const signingOut = httpStatusOf(profile.error) === 401;
  // Wait for the first answer about the profile only: a page that asks for it again (after a failure,
  // RTK Query refetches for each new subscriber) must not unmount the layout that asked.
  const [profileSettled, setProfileSettled] = useState(false);
  const settledNow = !profile.isUninitialized && !profile.isLoading;
  useEffect(() => {
    if (settledNow) setProfileSettled(true);
  }, [settledNow]);
  const waiting = (!profileSettled && !settledNow) || signingOut || status.isLoading;
  // The first render of the layout and its page is the largest: deferred, React renders it in slices that
  // yield to the browser instead of one long task right after the answers arrive.
  const showSpinner = useDeferredValue(waiting);
  if (waiting || showSpinner) return <BootSpinner />;
  if (status.data && !status.data.accepted) {
    const state: AcceptanceLocationState = { from: `${pathname}${search}` };
    return <Navigate to={ROUTES.userAcceptance} replace state={state} />;
  }
  return <>{children}</>;
}
