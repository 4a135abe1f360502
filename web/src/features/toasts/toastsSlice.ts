import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { OUTAGE_TOAST_WINDOW_MS } from '../../config';
import { admitOutageToast, endOutages, type OutageLog, type ToastContent } from '../../api/toastRules';

/**
 * The bridge between Redux and notistack: anything dispatches `enqueueToast`, and the Notifier inside the
 * SnackbarProvider shows it. A caller may give a key to dismiss the toast later (e.g. the no-data warning).
 */
export interface Toast extends ToastContent {
  key: string;
  dismissed: boolean;
}

export interface ToastsState {
  items: Toast[];
  /** The outages whose toast was shown, and when each was last reported (one toast per outage). */
  outages: OutageLog;
}

const initialState: ToastsState = { items: [], outages: {} };

function sameContent(a: ToastContent, b: ToastContent): boolean {
  return (
    a.messageKey === b.messageKey &&
    a.variant === b.variant &&
    a.errorId === b.errorId &&
    JSON.stringify(a.values ?? {}) === JSON.stringify(b.values ?? {})
  );
}

const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    enqueueToast: {
      reducer(state, action: PayloadAction<Toast, string, { at: number }>) {
        const { outageKey } = action.payload;
        if (outageKey && !admitOutageToast(state.outages, outageKey, action.meta.at, OUTAGE_TOAST_WINDOW_MS)) return;
        state.items = state.items.filter((toast) => toast.key !== action.payload.key);
        // The same text is not stacked twice (e.g. one query failing again for a component mounted later).
        if (state.items.some((toast) => !toast.dismissed && sameContent(toast, action.payload))) return;
        state.items.push(action.payload);
      },
      prepare(content: ToastContent & { key?: string }) {
        return { payload: { ...content, key: content.key ?? nanoid(), dismissed: false }, meta: { at: Date.now() } };
      },
    },
    /** A service answered a query: its next outage shows a toast again. */
    serviceAnswered(state, action: PayloadAction<string>) {
      endOutages(state.outages, action.payload);
    },
    dismissToast(state, action: PayloadAction<string>) {
      for (const toast of state.items) if (toast.key === action.payload) toast.dismissed = true;
    },
    /** Dismisses every toast of one text (e.g. "Import started" once the import has ended). */
    dismissToastsWithMessage(state, action: PayloadAction<string>) {
      for (const toast of state.items) if (toast.messageKey === action.payload) toast.dismissed = true;
    },
    removeToast(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.key !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
    /** Whether an outage of the service has shown a toast (so that its answer is worth telling the slice). */
    selectHasOutage: (state, service: string) =>
      Object.keys(state.outages).some((key) => key.startsWith(`${service}|`)),
  },
});

export const { enqueueToast, dismissToast, dismissToastsWithMessage, removeToast, serviceAnswered } =
  toastsSlice.actions;
export const { selectToasts, selectHasOutage } = toastsSlice.selectors;
export default toastsSlice;
