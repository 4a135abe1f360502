import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CollectionsBookmarkOutlined from '@mui/icons-material/CollectionsBookmarkOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import IntegrationInstructionsOutlined from '@mui/icons-material/IntegrationInstructionsOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined';
import { ROUTES } from '../../config/routes';

export interface AdminSection {
  /** Texts under the translation keys admin.sections.<id>.title and .description. */
  id: string;
  path: string;
  icon: SvgIconComponent;
  /** Only for those who manage the account (the page shows nothing else to others). */
  managersOnly?: boolean;
  /** Only for System Admins (the page refuses everyone else). */
  systemAdminOnly?: boolean;
}

export interface AdminGroup {
  id: 'account' | 'management' | 'rules' | 'data' | 'system';
  sections: AdminSection[];
}

/** The admin page's sections (§2). */
export const ADMIN_GROUPS: AdminGroup[] = [
  {
    id: 'account',
    sections: [
      { id: 'overview', path: ROUTES.adminAccountOverview, icon: InfoOutlined },
      { id: 'organizations', path: ROUTES.adminOrganizations, icon: BusinessOutlined },
      { id: 'members', path: ROUTES.adminMembers, icon: GroupOutlined, managersOnly: true },
      { id: 'security', path: ROUTES.adminSecurity, icon: SecurityOutlined },
      { id: 'securityLog', path: ROUTES.adminSecurityLog, icon: ManageSearchOutlined, managersOnly: true },
      { id: 'subscription', path: ROUTES.adminSubscription, icon: AccountBalanceWalletOutlined },
      { id: 'manuals', path: ROUTES.adminManuals, icon: MenuBookOutlined },
    ],
  },
  {
    id: 'management',
    sections: [
      { id: 'assets', path: ROUTES.adminAssets, icon: DnsOutlined },
      { id: 'collections', path: ROUTES.adminCollections, icon: CollectionsBookmarkOutlined },
      { id: 'events', path: ROUTES.adminEvents, icon: EventOutlined },
      { id: 'tags', path: ROUTES.tagLibrary, icon: LocalOfferOutlined },
      { id: 'views', path: ROUTES.adminViews, icon: ViewQuiltOutlined },
    ],
  },
  {
    id: 'rules',
    sections: [{ id: 'businessRule', path: ROUTES.adminBusinessRules, icon: GavelOutlined }],
  },
  {
    id: 'data',
    sections: [
      { id: 'telemetry', path: ROUTES.adminTelemetry, icon: SensorsOutlined },
      { id: 'financial', path: ROUTES.adminFinancial, icon: PaidOutlined },
      { id: 'integrations', path: ROUTES.adminIntegrations, icon: IntegrationInstructionsOutlined },
    ],
  },
  {
    id: 'system',
    sections: [{ id: 'accounts', path: ROUTES.adminAccounts, icon: ApartmentOutlined, systemAdminOnly: true }],
  },
];

/**
 * The groups and sections a user sees: sections for account managers only are left out for others, and
 * System Admin sections for everyone but System Admins.
 */
export function visibleAdminGroups(canManage: boolean, systemAdmin = false): AdminGroup[] {
  return ADMIN_GROUPS.map((group) => ({
    ...group,
    sections: group.sections.filter(
      (section) => (canManage || !section.managersOnly) && (systemAdmin || !section.systemAdminOnly),
    ),
  })).filter((group) => group.sections.length > 0);
}
