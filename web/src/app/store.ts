import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../api/api';
import retryStatusSlice from '../api/retryStatus';
import selectedAccountSlice from '../features/selection/selectedAccountSlice';
import selectedOrganizationSlice from '../features/selection/selectedOrganizationSlice';
import toastsSlice from '../features/toasts/toastsSlice';
import sidebarSlice from '../layout/sidebarSlice';
import { listenerMiddleware, startAppListening } from './listenerMiddleware';
import { registerAppListeners } from './listeners';

/**
 * Slices that a page injects when its chunk loads (`slice.injectInto(rootReducer)`), so their code stays out of
 * the scripts every page loads; each adds itself here with `declare module`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  api,
  retryStatusSlice,
  selectedAccountSlice,
  selectedOrganizationSlice,
  sidebarSlice,
  toastsSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

let listenersRegistered = false;

/** Builds the store; tests may pass a preloaded state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  if (!listenersRegistered) {
    registerAppListeners(startAppListening);
    listenersRegistered = true;
  }
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().prepend(listenerMiddleware.middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
