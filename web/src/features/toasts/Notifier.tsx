import { useEffect, useRef } from 'react';
import { useSnackbar, type SnackbarKey } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastText } from '../../api/toastRules';
import { removeToast, selectToasts } from './toastsSlice';

/** Shows the toasts of the store with notistack; renders nothing itself. */
export function Notifier() {
  const toasts = useAppSelector(selectToasts);
  const dispatch = useAppDispatch();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const { t } = useTranslation();
  const shown = useRef(new Set<SnackbarKey>());

  useEffect(() => {
    for (const toast of toasts) {
      if (toast.dismissed) {
        if (shown.current.has(toast.key)) closeSnackbar(toast.key);
        else dispatch(removeToast(toast.key));
        continue;
      }
      if (shown.current.has(toast.key)) continue;
      shown.current.add(toast.key);
      enqueueSnackbar(toastText(toast, t), {
        key: toast.key,
        variant: toast.variant,
        persist: toast.persist,
        onExited: (_node, key) => {
          shown.current.delete(key);
          dispatch(removeToast(String(key)));
        },
      });
    }
  }, [toasts, enqueueSnackbar, closeSnackbar, dispatch, t]);

  return null;
}
