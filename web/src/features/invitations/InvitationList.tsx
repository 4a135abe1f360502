import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { PendingInvitationDto } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { roleKey } from '../../shared/roles';
import { useAcceptInvitationMutation, useDeclineInvitationMutation } from './invitationsApi';

export interface InvitationListProps {
  invitations: PendingInvitationDto[];
  /** Another answer (e.g. the mailed link's) is on its way: the buttons wait for it. */
  busy?: boolean;
}

/** Pending invitations, each with the account, the role, the expiry, and Accept / Decline (the page's and Home's). */
export function InvitationList({ invitations, busy = false }: InvitationListProps) {
  const { t, i18n } = useTranslation();
  const [accept, { isLoading: accepting }] = useAcceptInvitationMutation();
  const [decline, { isLoading: declining }] = useDeclineInvitationMutation();
  const disabled = busy || accepting || declining;
  return (
    <List aria-label={t('invitations.title')} disablePadding>
      {invitations.map((invitation) => (
        <ListItem
          key={invitation.id}
          divider
          data-testid={`invitation-${invitation.id}`}
          // Wraps below the text on narrow screens instead of covering it.
          sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1, px: 0 }}
        >
          <ListItemText
            sx={{ flex: '1 1 14rem' }}
            primary={invitation.accountName}
            secondary={t('invitations.details', {
              role: t(roleKey(invitation.role)),
              date: new Date(invitation.expiresAt).toLocaleDateString(i18n.language),
            })}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" disabled={disabled} onClick={() => void accept(invitation.id)}>
              {t('invitations.accept')}
            </Button>
            <Button variant="outlined" disabled={disabled} onClick={() => void decline(invitation.id)}>
              {t('invitations.decline')}
            </Button>
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
