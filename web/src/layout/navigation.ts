import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import IntegrationInstructionsOutlined from '@mui/icons-material/IntegrationInstructionsOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined';
import { ROUTES } from '../config/routes';

export interface NavItem {
  id: string;
  labelKey: string;
  path: string;
  icon: SvgIconComponent;
}

/** The sidebar's main entries. */
export const MAIN_NAV: NavItem[] = [
  { id: 'home', labelKey: 'nav.home', path: ROUTES.home, icon: HomeOutlined },
  { id: 'widgets', labelKey: 'nav.widgets', path: ROUTES.widgets, icon: DashboardOutlined },
];

export const ADMIN_NAV_ROOT: NavItem = {
  id: 'admin',
  labelKey: 'nav.admin',
  path: ROUTES.admin,
  icon: AdminPanelSettingsOutlined,
};

/** The admin entries shown when the admin group is open. */
export const ADMIN_NAV: NavItem[] = [
  { id: 'tag-library', labelKey: 'nav.tagLibrary', path: ROUTES.tagLibrary, icon: LocalOfferOutlined },
  { id: 'events', labelKey: 'nav.events', path: ROUTES.adminEvents, icon: EventOutlined },
  { id: 'views', labelKey: 'nav.views', path: ROUTES.adminViews, icon: ViewQuiltOutlined },
  {
    id: 'integrations',
    labelKey: 'nav.integrations',
    path: ROUTES.adminIntegrations,
    icon: IntegrationInstructionsOutlined,
  },
];
