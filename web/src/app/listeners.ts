import { isAnyOf, type UnknownAction } from '@reduxjs/toolkit';
import type { AccountDto } from '@infra/contracts';
import { STORAGE_KEYS } from '../config';
import { api, ORGANIZATION_SCOPED_TAGS } from '../api/api';
import { httpStatusOf } from '../api/errors';
import { answeringServiceOf, apiToastFor, isFailedAsyncAction } from '../api/toastListener';
import { enqueueToast, selectHasOutage, serviceAnswered } from '../features/toasts/toastsSlice';
import {
  resetSelectedAccount,
  selectSelectedAccount,
  setSelectedAccount,
} from '../features/selection/selectedAccountSlice';
import {
  resetSelectedOrganization,
  selectSelectedOrganization,
  setSelectedOrganization,
} from '../features/selection/selectedOrganizationSlice';
import { defaultSelection } from '../features/selection/selection';
import { storeSelection } from '../features/selection/storage';
import { accountApi } from '../features/account/accountApi';
import { userApi } from '../features/user/userApi';
import type { AppStartListening } from './listenerMiddleware';

type ListenerApi = Parameters<Parameters<AppStartListening>[0]['effect']>[1];

function selectDefaults(accounts: AccountDto[], dispatch: ListenerApi['dispatch'], getState: ListenerApi['getState']) {
  const state = getState();
  const { account, organization } = defaultSelection(accounts, {
    accountId: selectSelectedAccount(state).id,
    organizationId: selectSelectedOrganization(state).id,
  });
  if (account) dispatch(setSelectedAccount(account));
  if (organization) dispatch(setSelectedOrganization(organization));
}

/** Registers the app-wide side effects; returns a function that removes them (for tests). */
export function registerAppListeners(startListening: AppStartListening): () => void {
  const unsubscribers = [
    // Toasts for API results (§8); other failed asynchronous actions go to the console only.
    startListening({
      predicate: (action: UnknownAction) =>
        action.type.startsWith(`${api.reducerPath}/`) || isFailedAsyncAction(action),
      effect: (action, { dispatch, getState }) => {
        if (isFailedAsyncAction(action, api.reducerPath)) {
          console.error('Asynchronous action failed', action);
          return;
        }
        const watched = (queryCacheKey: string) =>
          Object.keys(getState()[api.reducerPath].subscriptions?.[queryCacheKey] ?? {}).length > 0;
        const toast = apiToastFor(action, api.reducerPath, watched);
        if (toast) dispatch(enqueueToast(toast));
        // A service that answers again ends its outage: its next one gets a toast again.
        const service = answeringServiceOf(action, api.reducerPath);
        if (service && selectHasOutage(getState(), service)) dispatch(serviceAnswered(service));
      },
    }),
    // Remember the selections in local storage.
    startListening({
      matcher: isAnyOf(setSelectedAccount, resetSelectedAccount),
      effect: (_action, { getState }) =>
        storeSelection(STORAGE_KEYS.selectedAccount, selectSelectedAccount(getState())),
    }),
    startListening({
      matcher: isAnyOf(setSelectedOrganization, resetSelectedOrganization),
      effect: (_action, { getState }) =>
        storeSelection(STORAGE_KEYS.selectedOrganization, selectSelectedOrganization(getState())),
    }),
    // Organization data is cached per call, not per organization (the organizationId header is not part of the
    // cache key): read it again for the organization switched to.
    startListening({
      matcher: isAnyOf(setSelectedOrganization, resetSelectedOrganization),
      effect: (_action, { dispatch, getState, getOriginalState }) => {
        if (selectSelectedOrganization(getOriginalState()).id === selectSelectedOrganization(getState()).id) return;
        dispatch(api.util.invalidateTags([...ORGANIZATION_SCOPED_TAGS]));
      },
    }),
    // On a profile load with nothing selected, select the first account and its first organization (§4).
    // A System Admin who belongs to no account gets the same default from their full list (`GET accounts`).
    startListening({
      matcher: userApi.endpoints.getProfile.matchFulfilled,
      effect: (action, { dispatch, getState }) => selectDefaults(action.payload.accounts ?? [], dispatch, getState),
    }),
    // Read lazily: accountApi's module imports the store's modules, so it is not defined yet when they load (and,
    // under jest's CommonJS, not even when a test that imports the store first dispatches).
    startListening({
      predicate: (action) => Boolean(accountApi?.endpoints.getAccounts.matchFulfilled(action)),
      effect: (action, { dispatch, getState }) => {
        if (accountApi.endpoints.getAccounts.matchFulfilled(action)) selectDefaults(action.payload, dispatch, getState);
      },
    }),
    // A remembered selection the user may not use (another user signed in on this browser, or the
    // membership ended): forget it, so that the profile is asked for again without one and defaults apply.
    startListening({
      matcher: userApi.endpoints.getProfile.matchRejected,
      effect: (action, { dispatch, getState }) => {
        const status = httpStatusOf(action.payload);
        const args = action.meta.arg.originalArgs;
        const scoped = Boolean(args && (args.organizationId || args.accountSlug));
        if (!scoped || (status !== 403 && status !== 404)) return;
        const state = getState();
        if (selectSelectedAccount(state).id) dispatch(resetSelectedAccount());
        if (selectSelectedOrganization(state).id) dispatch(resetSelectedOrganization());
      },
    }),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
