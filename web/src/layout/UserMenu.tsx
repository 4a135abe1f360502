import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MailOutline from '@mui/icons-material/MailOutline';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../config/routes';
import { useSignOut } from '../features/auth/useSignOut';
import { useGetMyInvitationsQuery } from '../features/invitations/invitationsApi';
import { fullName, initials } from '../features/user/display';
import type { UserProfile } from '../features/user/types';

/**
 * The signed-in user's menu: profile, account, invitations, sign out (a POST, then the signed-out page). Pending
 * invitations are counted on the avatar's badge and beside the menu's Invitations entry (`/invitations` is linked
 * from nowhere else).
 */
export function UserMenu({ profile }: { profile: UserProfile | undefined }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const name = fullName(profile);
  const { data: invitations } = useGetMyInvitationsQuery(undefined, { skip: !profile });
  const pending = invitations?.length ?? 0;

  return (
    <>
      <Tooltip title={t('layout.userMenu')}>
        <IconButton
          onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
          aria-label={t('layout.userMenu')}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          size="small"
        >
          <Badge
            // Nothing rendered for none: an invisible "0" still counted as the button's text (its name did not match).
            badgeContent={pending > 0 ? pending : undefined}
            color="error"
            overlap="circular"
            data-testid="invitations-badge"
            slotProps={{ badge: { 'aria-label': t('invitations.badgeLabel', { count: pending }) } }}
          >
            <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: 14 }}>
              {initials(profile) || <AccountCircleOutlined fontSize="small" />}
            </Avatar>
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        {name || profile?.email ? (
          <Box sx={{ px: 2, py: 1 }}>
            {name ? (
              <Typography variant="subtitle2" component="p">
                {name}
              </Typography>
            ) : null}
            {profile?.email ? (
              <Typography variant="body2" color="text.secondary">
                {profile.email}
              </Typography>
            ) : null}
          </Box>
        ) : null}
        {name || profile?.email ? <Divider /> : null}
        <MenuItem component={RouterLink} to={ROUTES.profile} onClick={close}>
          <ListItemIcon>
            <AccountCircleOutlined fontSize="small" />
          </ListItemIcon>
          {t('nav.profile')}
        </MenuItem>
        <MenuItem component={RouterLink} to={ROUTES.account} onClick={close}>
          <ListItemIcon>
            <BusinessOutlined fontSize="small" />
          </ListItemIcon>
          {t('nav.account')}
        </MenuItem>
        <MenuItem component={RouterLink} to={ROUTES.invitations} onClick={close} data-testid="menu-invitations">
          <ListItemIcon>
            <MailOutline fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('invitations.title')}</ListItemText>
          {pending > 0 ? (
            <Chip
              size="small"
              color="error"
              label={pending}
              aria-label={t('invitations.badgeLabel', { count: pending })}
              sx={{ ml: 2 }}
            />
          ) : null}
        </MenuItem>
        <Divider />
        <MenuItem
          data-testid="sign-out"
          onClick={() => {
            close();
            void signOut();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          {t('layout.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
