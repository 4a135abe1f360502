import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../shared/components/PageHeader';
import { usePageTitle } from '../../shared/usePageTitle';
import { selectSelectedOrganization } from '../selection/selectedOrganizationSlice';

export interface ManagementPageProps {
  /** The section id: texts under admin.sections.<id>. */
  section: 'assets' | 'collections' | 'views';
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the Admin → Management pages: the title, the selected organization under it, and the page only
 * once an organization is selected (every inventory call is organization-scoped, §5).
 */
export function ManagementPage({ section, actions, children }: ManagementPageProps) {
  const { t } = useTranslation();
  const titleKey = `admin.sections.${section}.title`;
  usePageTitle(titleKey);
  const organization = useAppSelector(selectSelectedOrganization);
  const selected = organization.id.length > 0;
  return (
    <>
      <PageHeader
        title={t(titleKey)}
        subtitle={selected ? organization.name : t(`admin.sections.${section}.description`)}
        actions={selected ? actions : null}
      />
      {selected ? children : <Alert severity="info">{t('layout.noOrganizations')}</Alert>}
    </>
  );
}
