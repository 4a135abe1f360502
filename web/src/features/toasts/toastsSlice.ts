import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { ToastContent } from '../../api/toastRules';

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
}

const initialState: ToastsState = { items: [] };

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
      reducer(state, action: PayloadAction<Toast>) {
        state.items = state.items.filter((toast) => toast.key !== action.payload.key);
        // The same text is not stacked twice (e.g. one query failing again for a component mounted later).
        if (state.items.some((toast) => !toast.dismissed && sameContent(toast, action.payload))) return;
        state.items.push(action.payload);
      },
      prepare(content: ToastContent & { key?: string }) {
        return { payload: { ...content, key: content.key ?? nanoid(), dismissed: false } };
      },
    },
    dismissToast(state, action: PayloadAction<string>) {
      for (const toast of state.items) if (toast.key === action.payload) toast.dismissed = true;
    },
    removeToast(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.key !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
  },
});

export const { enqueueToast, dismissToast, removeToast } = toastsSlice.actions;
export const { selectToasts } = toastsSlice.selectors;
export default toastsSlice;
