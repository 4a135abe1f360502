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
import { SwitchOrganizationOffer } from './SwitchOrganizationOffer';

export interface EntityPageProps {
  kind: EntityKind;
  /** The id in the address. */
  id: string;
  /** Whether the id in the address is a UUID at all (a malformed one is never asked for). */
  validId: boolean;
  error: unknown;
  /** The entity is being read again (e.g. for the organization just switched to): its last error is stale. */
  fetching?: boolean;
  ready: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * The states of a dashboard page: Not Found (or, when another organization of the user holds the entity, an offer
 * to switch there), a failed load (with retry), loading, or the dashboard.
 */
export function EntityPage({ kind, id, validId, error, fetching = false, ready, onRetry, children }: EntityPageProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  // Until the entity titles the page, the page's kind does ("Asset"), also over its not-found text.
  const kindKey = KIND_KEYS[kind].kind;
  useEffect(() => {
    if (ready) return;
    dispatch(setSelectedItem({ titleKey: kindKey }));
    document.title = documentTitle(t(kindKey), t('app.name'));
  }, [ready, kindKey, dispatch, t]);

  // A malformed id is never looked up anywhere.
  if (!validId) return <NotFoundPage entityKey={KIND_KEYS[kind].notFound} titleKey={kindKey} />;
  if (error && fetching) return <Loading />;
  if (isNotFound(error)) return <SwitchOrganizationOffer kind={kind} id={id} />;
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
