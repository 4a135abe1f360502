import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from './ErrorBoundary';
import { Loading } from './Loading';

/** "Something went wrong, please try again." with a way to load the app again. */
function PageError() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      data-testid="page-error"
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    >
      {t('toast.unknownError')}
    </Alert>
  );
}

/**
 * Keeps a page that throws while rendering, or whose chunk cannot be loaded (a release replaced the files an open tab
 * still names), from blanking the whole app: the header and sidebar stay, the page says something went wrong and
 * offers a reload (a failed import is not retried by the browser within the page's life). Keyed by the path where it
 * is used, so that another page gets a fresh start.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={<PageError />}>{children}</ErrorBoundary>;
}

/** A lazily loaded page as a route shows it: its own error boundary, and the spinner while its chunk loads. */
export function LazyPage({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
