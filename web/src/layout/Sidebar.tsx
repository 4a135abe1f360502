import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme, type CSSObject, type Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { SIDEBAR_TRANSITION_MS, SIDEBAR_WIDTH_CLOSED, SIDEBAR_WIDTH_OPEN } from '../config';
import { InventoryNav } from '../features/dashboard/sidebar/InventoryNav';
import { HeaderOffset } from './Header';
import { ADMIN_NAV, ADMIN_NAV_ROOT, MAIN_NAV, type NavItem } from './navigation';
import { selectShowAdmin, selectSidebarShow, setShowAdmin, setSidebarShow } from './sidebarSlice';

const widthTransition = (theme: Theme): string =>
  theme.transitions.create(['width', 'padding'], {
    easing: theme.transitions.easing.sharp,
    duration: SIDEBAR_TRANSITION_MS,
  });

const paperStyle = (theme: Theme, open: boolean): CSSObject => ({
  width: open ? SIDEBAR_WIDTH_OPEN : SIDEBAR_WIDTH_CLOSED,
  overflowX: 'hidden',
  transition: widthTransition(theme),
  boxSizing: 'border-box',
});

interface NavEntryProps {
  item: NavItem;
  open: boolean;
  nested?: boolean;
  onNavigate: () => void;
}

function NavEntry({ item, open, nested = false, onNavigate }: NavEntryProps) {
  const { t } = useTranslation();
  const Icon = item.icon;
  const label = t(item.labelKey);
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <Tooltip title={open ? '' : label} placement="right">
        <ListItemButton
          component={NavLink}
          to={item.path}
          end={item.path === '/'}
          onClick={onNavigate}
          sx={{ minHeight: 44, px: 1.5, mb: 0.5, pl: nested && open ? 3 : 1.5 }}
        >
          <ListItemIcon sx={{ minWidth: 0, mr: open ? 1.5 : 0, justifyContent: 'center' }}>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={label}
            sx={{ opacity: open ? 1 : 0, transition: `opacity ${SIDEBAR_TRANSITION_MS}ms`, whiteSpace: 'nowrap' }}
          />
        </ListItemButton>
      </Tooltip>
    </ListItem>
  );
}

/**
 * The sidebar: the main entries, the organization's favorites, collections and views, and the admin entries.
 * From 600 px a permanent drawer (labels when shown, icons only when collapsed); on phones a temporary drawer
 * over the page that closes after a link is followed. 300 ms transitions.
 */
export function Sidebar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const show = useAppSelector(selectSidebarShow);
  const showAdmin = useAppSelector(selectShowAdmin);
  // The phone's drawer is either closed or shows everything.
  const open = phone || show;
  const closeOnPhone = () => {
    if (phone) dispatch(setSidebarShow(false));
  };
  const AdminIcon = ADMIN_NAV_ROOT.icon;

  const navigation = (
    <Box component="nav" aria-label={t('nav.label')} sx={{ px: 1, py: 1.5 }}>
      <List disablePadding>
        {MAIN_NAV.map((item) => (
          <NavEntry key={item.id} item={item} open={open} onNavigate={closeOnPhone} />
        ))}
      </List>
      <InventoryNav open={open} onNavigate={closeOnPhone} />
      <List disablePadding>
        <ListItem disablePadding sx={{ display: 'block' }}>
          <Tooltip title={open ? '' : t(ADMIN_NAV_ROOT.labelKey)} placement="right">
            <ListItemButton
              component={NavLink}
              to={ADMIN_NAV_ROOT.path}
              end
              onClick={() => dispatch(setShowAdmin(!showAdmin))}
              aria-expanded={showAdmin}
              sx={{ minHeight: 44, px: 1.5, mb: 0.5 }}
            >
              <ListItemIcon sx={{ minWidth: 0, mr: open ? 1.5 : 0, justifyContent: 'center' }}>
                <AdminIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={t(ADMIN_NAV_ROOT.labelKey)}
                sx={{ opacity: open ? 1 : 0, transition: `opacity ${SIDEBAR_TRANSITION_MS}ms` }}
              />
              {open ? showAdmin ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" /> : null}
            </ListItemButton>
          </Tooltip>
          {/* The admin entries are a list within the admin entry (no bare <div> inside the <ul>). */}
          <Collapse in={showAdmin} timeout={SIDEBAR_TRANSITION_MS} unmountOnExit>
            <List disablePadding>
              {ADMIN_NAV.map((item) => (
                <NavEntry key={item.id} item={item} open={open} nested onNavigate={closeOnPhone} />
              ))}
            </List>
          </Collapse>
        </ListItem>
      </List>
    </Box>
  );

  if (phone)
    return (
      <Drawer
        variant="temporary"
        open={show}
        onClose={() => dispatch(setSidebarShow(false))}
        transitionDuration={SIDEBAR_TRANSITION_MS}
        ModalProps={{ keepMounted: true }}
        id="app-sidebar"
        data-testid="sidebar"
        data-state={show ? 'expanded' : 'collapsed'}
        // Over the header too (which sits above the permanent drawer), as phones show a drawer.
        sx={{
          zIndex: theme.zIndex.modal,
          '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH_OPEN, maxWidth: '85vw', boxSizing: 'border-box' },
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
          <Typography variant="h6" component="span" noWrap>
            {t('app.name')}
          </Typography>
        </Toolbar>
        {navigation}
      </Drawer>
    );

  return (
    <Drawer
      variant="permanent"
      open={show}
      id="app-sidebar"
      data-testid="sidebar"
      data-state={show ? 'expanded' : 'collapsed'}
      sx={(current) => ({
        flexShrink: 0,
        whiteSpace: 'nowrap',
        ...paperStyle(current, show),
        '& .MuiDrawer-paper': paperStyle(current, show),
      })}
    >
      <HeaderOffset />
      {navigation}
    </Drawer>
  );
}
