import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_KEYS } from '../../api/toastRules';
import { useAppDispatch } from '../../app/hooks';
import { setSelectedItem } from '../../layout/sidebarSlice';
import { documentTitle } from '../../shared/usePageTitle';
import { Loading } from '../../shared/components/Loading';
import NotFoundPage from '../placeholder/NotFoundPage';
import { isNotFound, KIND_KEYS, type EntityKind } from './entityQueries';

export interface EntityPageProps {
  kind: EntityKind;
  /** Whether the id in the address is a UUID at all (a malformed one is never asked for). */
  validId: boolean;
  error: unknown;
  ready: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/** The states of a dashboard page: Not Found, a failed load (with retry), loading, or the dashboard. */
export function EntityPage({ kind, validId, error, ready, onRetry, children }: EntityPageProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // Until the entity titles the page, the page's kind does ("Asset"), also over its not-found text.
  const kindKey = KIND_KEYS[kind].kind;
  useEffect(() => {
    if (ready) return;
    dispatch(setSelectedItem({ titleKey: kindKey }));
    document.title = documentTitle(t(kindKey), t('app.name'));
  }, [ready, kindKey, dispatch, t]);

  if (!validId || isNotFound(error)) return <NotFoundPage entityKey={KIND_KEYS[kind].notFound} titleKey={kindKey} />;
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('dashboard.retry')}
          </Button>
        }
      >
        {t(TOAST_KEYS.queryError)}
      </Alert>
    );
  if (!ready) return <Loading />;
  return <>{children}</>;
}
