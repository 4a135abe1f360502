import MailOutline from '@mui/icons-material/MailOutline';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { Loading } from '../../shared/components/Loading';
import { InvitationList } from './InvitationList';
import { useGetMyInvitationsQuery } from './invitationsApi';

export interface HomeInvitationsProps {
  /** The user has no organization to work in (e.g. a member who was just invited): the invitations are the next step. */
  noOrganization: boolean;
}

/**
 * Pending invitations where the user lands. Without an organization: the list itself, to accept or decline on the
 * spot (or, with none, whom to ask); with one: a call to action leading to `/invitations`.
 */
export function HomeInvitations({ noOrganization }: HomeInvitationsProps) {
  const { t } = useTranslation();
  const { data: invitations = [], isLoading } = useGetMyInvitationsQuery();

  if (!noOrganization) {
    if (invitations.length === 0) return null;
    return (
      <Alert
        severity="info"
        icon={<MailOutline />}
        data-testid="home-invitations-notice"
        action={
          <Button color="inherit" size="small" component={RouterLink} to={ROUTES.invitations}>
            {t('invitations.view')}
          </Button>
        }
      >
        {t('invitations.pendingCount', { count: invitations.length })}
      </Alert>
    );
  }

  return (
    <Card data-testid="home-invitations">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <MailOutline color="primary" />
          <Typography variant="h6" component="h2">
            {t('invitations.title')}
          </Typography>
        </Stack>
        {isLoading ? (
          <Loading />
        ) : invitations.length === 0 ? (
          <Alert severity="info" data-testid="home-no-account">
            <AlertTitle>{t('layout.noAccounts')}</AlertTitle>
            {t('invitations.noAccount')}
          </Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('invitations.homeIntro')}
            </Typography>
            <InvitationList invitations={invitations} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
