import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { Loading } from '../../shared/components/Loading';
import { PageHeader } from '../../shared/components/PageHeader';
import { usePageTitle } from '../../shared/usePageTitle';
import { useInventoryAccess } from '../management/useInventoryAccess';
import { selectSelectedOrganization } from '../selection/selectedOrganizationSlice';

export interface TaggingFrameProps {
  /** Translation key of the page title. */
  titleKey: string;
  actions?: ReactNode;
  /** A page that only writes (create, assign, import): others are told to ask an Admin instead. */
  adminOnly?: boolean;
  children: ReactNode;
}

/**
 * The frame of the tagging pages: the title, the selected organization under it, and the page only once an
 * organization is selected (every tagging call is organization-scoped).
 */
export function TaggingFrame({ titleKey, actions, adminOnly, children }: TaggingFrameProps) {
  const { t } = useTranslation();
  usePageTitle(titleKey);
  const organization = useAppSelector(selectSelectedOrganization);
  const { isAdmin, isLoading } = useInventoryAccess();
  const selected = organization.id.length > 0;
  const allowed = !adminOnly || isAdmin;
  const body = !selected ? (
    <Alert severity="info">{t('layout.noOrganizations')}</Alert>
  ) : allowed ? (
    children
  ) : isLoading ? (
    <Loading />
  ) : (
    <Alert severity="info">{t('tags.adminOnly')}</Alert>
  );
  return (
    <>
      <PageHeader
        title={t(titleKey)}
        subtitle={selected ? organization.name : undefined}
        actions={selected && allowed ? actions : null}
      />
      {body}
    </>
  );
}
