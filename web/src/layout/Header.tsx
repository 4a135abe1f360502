import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { ROUTES } from '../config/routes';
import { useSelectableAccounts } from '../features/account/useSelectableAccounts';
import { selectSelectedAccount, setSelectedAccount } from '../features/selection/selectedAccountSlice';
import {
  resetSelectedOrganization,
  selectSelectedOrganizationId,
  setSelectedOrganization,
} from '../features/selection/selectedOrganizationSlice';
import { organizationsOf } from '../features/selection/selection';
import { useProfile } from '../features/user/useProfile';
import { LanguagePicker } from '../shared/components/LanguagePicker';
import { resetRouteIfNeeded } from '../shared/routing';
import { SelectionDropdown } from './SelectionDropdown';
import { selectSelectedItem, selectSidebarShow, toggleSidebar } from './sidebarSlice';
import { UserMenu } from './UserMenu';

/** Height of the header's second row on phones (the account and organization dropdowns). */
export const COMPACT_ROW_HEIGHT = 56;

/** Keeps content clear of the fixed header: one toolbar high, plus the phones' second row. */
export function HeaderOffset() {
  return (
    <>
      <Toolbar />
      <Box sx={{ display: { xs: 'block', sm: 'none' }, height: COMPACT_ROW_HEIGHT, flexShrink: 0 }} />
    </>
  );
}

/** The header: sidebar toggle, title, account and organization dropdowns, user menu. */
export function Header() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sidebarShow = useAppSelector(selectSidebarShow);
  const selectedItem = useAppSelector(selectSelectedItem);
  const selectedAccount = useAppSelector(selectSelectedAccount);
  const selectedOrganizationId = useAppSelector(selectSelectedOrganizationId);
  const { data: profile } = useProfile();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  const accounts = useSelectableAccounts(profile);
  const currentAccount = accounts.find((account) => account.id === selectedAccount.id) ?? selectedAccount;
  const organizations = organizationsOf(currentAccount);
  const title = selectedItem.name ?? (selectedItem.titleKey ? t(selectedItem.titleKey) : '');

  const changeOrganization = (organizationId: string) => {
    const organization = organizations.find((candidate) => candidate.id === organizationId);
    if (!organization || organization.id === selectedOrganizationId) return;
    dispatch(setSelectedOrganization(organization));
    resetRouteIfNeeded(pathname, navigate);
  };

  const changeAccount = (accountId: string) => {
    const account = accounts.find((candidate) => candidate.id === accountId);
    if (!account || account.id === selectedAccount.id) return;
    dispatch(setSelectedAccount(account));
    const firstOrganization = organizationsOf(account)[0];
    dispatch(firstOrganization ? setSelectedOrganization(firstOrganization) : resetSelectedOrganization());
    resetRouteIfNeeded(pathname, navigate);
  };

  const selections = (
    <>
      <SelectionDropdown
        label={t('layout.account')}
        emptyText={t('layout.noAccounts')}
        options={accounts}
        value={selectedAccount.id}
        onChange={changeAccount}
        testId="account-select"
      />
      <SelectionDropdown
        label={t('layout.organization')}
        emptyText={t('layout.noOrganizations')}
        options={organizations}
        value={selectedOrganizationId}
        onChange={changeOrganization}
        testId="organization-select"
      />
    </>
  );

  return (
    <AppBar position="fixed" sx={{ zIndex: theme.zIndex.drawer + 1 }} data-testid="app-header">
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <Tooltip title={t(sidebarShow ? 'layout.collapseSidebar' : 'layout.expandSidebar')}>
          <IconButton
            edge="start"
            onClick={() => dispatch(toggleSidebar())}
            aria-label={t('layout.toggleSidebar')}
            aria-expanded={sidebarShow}
            aria-controls="app-sidebar"
          >
            {sidebarShow ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Box
          component={RouterLink}
          to={ROUTES.home}
          aria-label={t('app.name')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}
        >
          <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
          <Typography variant="h6" component="span" noWrap sx={{ display: { xs: 'none', sm: 'block' } }}>
            {t('app.name')}
          </Typography>
        </Box>
        {title ? (
          <>
            <Divider orientation="vertical" flexItem sx={{ my: 1.5, display: { xs: 'none', md: 'block' } }} />
            <Typography
              variant="subtitle1"
              component="span"
              color="text.secondary"
              noWrap
              data-testid="header-title"
              sx={{ display: { xs: 'none', md: 'block' } }}
            >
              {title}
            </Typography>
          </>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        {compact ? null : <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>{selections}</Box>}
        <LanguagePicker wrapButton={(button) => <Tooltip title={t('language.choose')}>{button}</Tooltip>} />
        <UserMenu profile={profile} />
      </Toolbar>
      {/* Phones: the dropdowns get a row of their own, so switching stays possible at any width. */}
      {compact ? (
        <Toolbar
          variant="dense"
          data-testid="header-selections-compact"
          sx={{ gap: 1, height: COMPACT_ROW_HEIGHT, '& > *': { flex: 1, minWidth: 0 } }}
        >
          {selections}
        </Toolbar>
      ) : null}
    </AppBar>
  );
}
