import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { httpStatusOf } from '../../api/errors';
import { ROUTES } from '../../config/routes';
import { BootSpinner } from '../../shared/components/Loading';
import { AuthCard } from '../auth/AuthCard';
import { useSignOut } from '../auth/useSignOut';
import { useProfile } from '../user/useProfile';
import { useGetAcceptanceStatusQuery } from './acceptanceApi';

/** Where the acceptance page sends the user back to. */
export interface AcceptanceLocationState {
  from?: string;
}

/**
 * The default layout's first check: a signed-in user who has not accepted the current terms of service and
 * privacy policy sees the acceptance page before anything else (nothing of the layout loads meanwhile).
 * The guard reads the status once the profile shows a session; the start-up prefetch (sessionPrefetch) has asked
 * for it in parallel with the profile, so the page waits for one round trip, not two.
 *
 * If the status cannot be read (the client has already retried 502/504 and time-outs, §8), the app does NOT go on:
 * the step is a legal gate, and a user who has not accepted must never reach a page because identity answered an
 * error. What the user expects then is to be told and offered a retry (or to sign out), not a silent pass and not
 * an endless spinner. A 401 still goes to login (the app-wide rule).
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
  if (signedIn && status.error !== undefined && !status.data)
    return <AcceptanceCheckFailed retrying={status.isFetching} onRetry={() => void status.refetch()} />;
  if (status.data && !status.data.accepted) {
    const state: AcceptanceLocationState = { from: `${pathname}${search}` };
    return <Navigate to={ROUTES.userAcceptance} replace state={state} />;
  }
  return <>{children}</>;
}

/** The acceptance status could not be read: say so, retry on demand, or sign out. */
function AcceptanceCheckFailed({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <AuthCard title={t('pages.userAcceptance')}>
      <Stack spacing={2.5}>
        <Alert severity="error" data-testid="acceptance-check-failed">
          {t('acceptance.checkFailed')}
        </Alert>
        <Button variant="contained" size="large" disabled={retrying} onClick={onRetry}>
          {t('dashboard.retry')}
        </Button>
      </Stack>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Button size="small" onClick={() => void signOut()}>
          {t('layout.signOut')}
        </Button>
      </Box>
    </AuthCard>
  );
}
