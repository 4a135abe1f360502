import Alert from '@mui/material/Alert';
import type { AccountDto, ProfileDto } from '@infra/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../shared/components/Loading';
import { PageHeader } from '../../../shared/components/PageHeader';
import { usePageTitle } from '../../../shared/usePageTitle';
import { useCurrentAccount } from '../../account/useCurrentAccount';

export interface AdminAccountContext {
  account: AccountDto;
  profile: ProfileDto;
  canManage: boolean;
}

export interface AdminAccountPageProps {
  /** The section id: texts under admin.sections.<id>. */
  section: 'overview' | 'organizations' | 'members' | 'security' | 'securityLog' | 'subscription' | 'manuals';
  actions?: (context: AdminAccountContext) => ReactNode;
  children: (context: AdminAccountContext) => ReactNode;
}

/** The frame of the Admin → Account pages: title, the selected account, loading and "no account" states. */
export function AdminAccountPage({ section, actions, children }: AdminAccountPageProps) {
  const { t } = useTranslation();
  const titleKey = `admin.sections.${section}.title`;
  usePageTitle(titleKey);
  const { profile, account, canManage, isLoading } = useCurrentAccount();

  if (isLoading) return <Loading />;
  const context = profile && account ? { profile, account, canManage } : undefined;
  return (
    <>
      <PageHeader
        title={t(titleKey)}
        subtitle={account?.name ?? t(`admin.sections.${section}.description`)}
        actions={context && actions ? actions(context) : null}
      />
      {context ? children(context) : <Alert severity="info">{t('layout.noAccounts')}</Alert>}
    </>
  );
}
