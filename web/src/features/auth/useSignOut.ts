import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { TOAST_KEYS } from '../../api/toastRules';
import { ROUTES } from '../../config/routes';
import { browserLocation } from '../../shared/browserLocation';
import { signingOutLatch } from '../../shared/signingOut';
import { enqueueToast } from '../toasts/toastsSlice';
import { signOut } from './authClient';

/**
 * Signs out by POST, then loads the signed-out page (a full page load, so nothing of the session stays in
 * memory); the 401s of requests still in flight meanwhile send nobody to sign-in. When the server cannot be reached
 * the user stays, told that it did not work.
 */
export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    signingOutLatch.start();
    if (await signOut()) return browserLocation.assign(ROUTES.loggedOut);
    signingOutLatch.cancel();
    dispatch(enqueueToast({ messageKey: TOAST_KEYS.unknownError, variant: 'error', persist: true }));
  }, [dispatch]);
}
