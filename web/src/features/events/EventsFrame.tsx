import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { Loading } from '../../shared/components/Loading';
import { PageHeader } from '../../shared/components/PageHeader';
import { usePageTitle } from '../../shared/usePageTitle';
import { useCurrentAccount } from '../account/useCurrentAccount';
import { useInventoryAccess } from '../management/useInventoryAccess';
import { selectSelectedOrganization } from '../selection/selectedOrganizationSlice';

export interface EventsFrameProps {
  /** Translation key of the page title (the header and the browser tab). */
  titleKey: string;
  /** A heading other than the title (an event's name). */
  heading?: string;
  actions?: ReactNode;
  /** A page that only writes (Add Event, Edit Event): others are told to ask an Admin instead. */
  adminOnly?: boolean;
  children: ReactNode;
}

/**
 * The frame of the business-event pages: the title, the selected organization under it, and the page only once an
 * organization is selected (every call is organization-scoped) and the profile (the account's time zone) is known.
 */
export function EventsFrame({ titleKey, heading, actions, adminOnly, children }: EventsFrameProps) {
  const { t } = useTranslation();
  // An event's page is titled with the event's name (header and tab), not "Event".
  usePageTitle(titleKey, heading);
  const organization = useAppSelector(selectSelectedOrganization);
  const { isAdmin, isLoading } = useInventoryAccess();
  const selected = organization.id.length > 0;
  const allowed = !adminOnly || isAdmin;
  const body = !selected ? (
    <Alert severity="info">{t('layout.noOrganizations')}</Alert>
  ) : isLoading ? (
    <Loading />
  ) : allowed ? (
    children
  ) : (
    <Alert severity="info" data-testid="events-admin-only">
      {t('events.adminOnly')}
    </Alert>
  );
  return (
    <>
      <PageHeader
        title={heading ?? t(titleKey)}
        subtitle={selected ? organization.name : t('admin.sections.events.description')}
        actions={selected && allowed && !isLoading ? actions : null}
      />
      {body}
    </>
  );
}

/** The account's time zone (IANA): event dates are shown and typed in it (§9); UTC until the profile says. */
export function useAccountTimeZone(): string {
  const { account } = useCurrentAccount();
  return account?.timeZone || 'UTC';
}
