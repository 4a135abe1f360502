import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Loading } from '../../shared/components/Loading';
import { PageHeader } from '../../shared/components/PageHeader';
import { roleKey } from '../../shared/roles';
import { usePageTitle } from '../../shared/usePageTitle';
import {
  useAcceptInvitationByTokenMutation,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
  useGetMyInvitationsQuery,
} from './invitationsApi';

/**
 * `/invitations`: the signed-in user's pending invitations to accounts, each accepted or declined here. The mailed
 * link (`?token=`) offers to accept that one invitation; nothing happens without a click.
 */
export default function InvitationsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('pages.invitations');
  const [search, setSearch] = useSearchParams();
  const linkToken = search.get('token');
  const { data: invitations = [], isLoading } = useGetMyInvitationsQuery();
  const [accept, { isLoading: accepting }] = useAcceptInvitationMutation();
  const [acceptByToken, { isLoading: acceptingLink }] = useAcceptInvitationByTokenMutation();
  const [decline, { isLoading: declining }] = useDeclineInvitationMutation();
  const busy = accepting || acceptingLink || declining;

  /** Either way the link is used up; a failure is explained by the error toast. */
  const acceptLink = async () => {
    if (!linkToken) return;
    await acceptByToken(linkToken);
    setSearch({}, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('invitations.title')} subtitle={t('invitations.intro')} />
      {linkToken ? (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          data-testid="invitation-link"
          action={
            <Button color="inherit" size="small" disabled={busy} onClick={() => void acceptLink()}>
              {t('invitations.accept')}
            </Button>
          }
        >
          {t('invitations.fromLink')}
        </Alert>
      ) : null}
      <Card>
        <CardContent>
          {isLoading ? (
            <Loading />
          ) : invitations.length === 0 ? (
            <Alert severity="info" data-testid="no-invitations">
              {t('invitations.none')}
            </Alert>
          ) : (
            <List aria-label={t('invitations.title')}>
              {invitations.map((invitation) => (
                <ListItem
                  key={invitation.id}
                  divider
                  data-testid={`invitation-${invitation.id}`}
                  // Wraps below the text on narrow screens instead of covering it.
                  sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}
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
                    <Button variant="contained" disabled={busy} onClick={() => void accept(invitation.id)}>
                      {t('invitations.accept')}
                    </Button>
                    <Button variant="outlined" disabled={busy} onClick={() => void decline(invitation.id)}>
                      {t('invitations.decline')}
                    </Button>
                  </Stack>
                </ListItem>
              ))}
            </List>
          )}
        </CardContent>
      </Card>
    </>
  );
}
