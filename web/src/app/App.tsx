import CloseIcon from '@mui/icons-material/Close';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { frFR } from '@mui/material/locale';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { closeSnackbar, SnackbarProvider, type SnackbarKey } from 'notistack';
import { Suspense, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { MAX_VISIBLE_TOASTS, SUCCESS_TOAST_AUTO_HIDE_MS } from '../config';
import { readerLanguage } from '../i18n/readerLanguage';
import { Notifier } from '../features/toasts/Notifier';
import { BootSpinner } from '../shared/components/Loading';
import { AppRoutes } from './AppRoutes';
import type { AppStore } from './store';
import { theme } from './theme';

function CloseToastButton({ toastKey }: { toastKey: SnackbarKey }) {
  const { t } = useTranslation();
  return (
    <IconButton size="small" color="inherit" aria-label={t('toast.close')} onClick={() => closeSnackbar(toastKey)}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/**
 * Toasts sit top-right (§9) but below the fixed header, never over its dropdowns and user menu: one toolbar
 * high (64 px) on wider screens, two rows (56 + 56 px) on phones, plus a small gap.
 */
const TOAST_CONTAINER_CLASS = 'toasts-below-header';
const toastOffset = (
  <GlobalStyles
    styles={(theme) => ({
      [`.notistack-SnackbarContainer.${TOAST_CONTAINER_CLASS}`]: {
        top: 72,
        [theme.breakpoints.down('sm')]: { top: 120 },
      },
    })}
  />
);

/** MUI's own texts (an Autocomplete's "Open", a pagination's "Rows per page") in the reader's language. */
const COMPONENT_TEXTS: Record<string, object> = { fr: frFR };

function LocalizedTheme({ children }: { children: ReactNode }) {
  // Above the Suspense boundary: re-render on a language change, never wait for a catalogue here.
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const language = readerLanguage(i18n);
  const localized = useMemo(() => {
    const texts = COMPONENT_TEXTS[language];
    return texts ? createTheme(theme, texts) : theme;
  }, [language]);
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
}

/** Providers: Redux, i18n, MUI light theme, toasts (success closes after 5000 ms, top-right), router. */
export function AppProviders({ store, i18n, children }: { store: AppStore; i18n: I18n; children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <LocalizedTheme>
          <CssBaseline />
          {toastOffset}
          <Suspense fallback={<BootSpinner />}>
            <SnackbarProvider
              maxSnack={MAX_VISIBLE_TOASTS}
              autoHideDuration={SUCCESS_TOAST_AUTO_HIDE_MS}
              anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
              classes={{ containerAnchorOriginTopRight: TOAST_CONTAINER_CLASS }}
              action={(key) => <CloseToastButton toastKey={key} />}
            >
              <Notifier />
              {children}
            </SnackbarProvider>
          </Suspense>
        </LocalizedTheme>
      </I18nextProvider>
    </Provider>
  );
}

export function App({ store, i18n }: { store: AppStore; i18n: I18n }) {
  return (
    <AppProviders store={store} i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
