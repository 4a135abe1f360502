import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { browserLocation } from '../shared/browserLocation';
import { BootSpinner } from '../shared/components/Loading';
import { LazyPage } from '../shared/components/PageErrorBoundary';
import { SIGNED_OUT_PAGES } from './signedOutPages';
import { theme } from './theme';

/** Any other page needs the whole app: loaded in full, as a new page. */
function WholeApp() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => browserLocation.assign(`${pathname}${search}${hash}`), [pathname, search, hash]);
  return <BootSpinner />;
}

/**
 * The app of the signed-out pages (sign-in, signed out, password reset): the same pages, theme and translations as
 * the whole app, without the store, the API client and the toasts, which they do not use (errors show inline). Its
 * scripts are what a first visit downloads before the sign-in form shows.
 */
export function SignedOutApp({ i18n }: { i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <BrowserRouter>
          <Routes>
            {SIGNED_OUT_PAGES.map(({ path, page: Page }) => (
              <Route
                key={path}
                path={path}
                element={
                  <LazyPage>
                    <Page />
                  </LazyPage>
                }
              />
            ))}
            <Route path="*" element={<WholeApp />} />
          </Routes>
        </BrowserRouter>
      </ThemeProvider>
    </I18nextProvider>
  );
}
