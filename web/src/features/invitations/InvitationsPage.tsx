import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Loading } from '../../shared/components/Loading';
import { PageHeader } from '../../shared/components/PageHeader';
import { usePageTitle } from '../../shared/usePageTitle';
import { InvitationList } from './InvitationList';
import { useAcceptInvitationByTokenMutation, useGetMyInvitationsQuery } from './invitationsApi';

/**
 * `/invitations`: the signed-in user's pending invitations to accounts, each accepted or declined here. The mailed
 * link (`?token=`) offers to accept that one invitation; nothing happens without a click.
 */
export default function InvitationsPage() {
  const { t } = useTranslation();
  usePageTitle('pages.invitations');
  const [search, setSearch] = useSearchParams();
  const linkToken = search.get('token');
  const { data: invitations = [], isLoading } = useGetMyInvitationsQuery();
  const [acceptByToken, { isLoading: acceptingLink }] = useAcceptInvitationByTokenMutation();

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
            <Button color="inherit" size="small" disabled={acceptingLink} onClick={() => void acceptLink()}>
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
            <InvitationList invitations={invitations} busy={acceptingLink} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
