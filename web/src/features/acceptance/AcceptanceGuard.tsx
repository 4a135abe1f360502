import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { BootSpinner } from '../../shared/components/Loading';
import { useGetAcceptanceStatusQuery } from './acceptanceApi';

/** Where the acceptance page sends the user back to. */
export interface AcceptanceLocationState {
  from?: string;
}

/**
 * The default layout's first check: a signed-in user who has not accepted the current terms of service and
 * privacy policy sees the acceptance page before anything else (nothing of the layout loads meanwhile). If
 * the status cannot be read, the app goes on (the failed query shows its toast; a 401 goes to login).
 */
export function AcceptanceGuard({ children }: { children: ReactNode }) {
  const { data, isLoading } = useGetAcceptanceStatusQuery();
  const { pathname, search } = useLocation();
  if (isLoading) return <BootSpinner />;
  if (data && !data.accepted) {
    const state: AcceptanceLocationState = { from: `${pathname}${search}` };
    return <Navigate to={ROUTES.userAcceptance} replace state={state} />;
  }
  return <>{children}</>;
}
