import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../shared/components/PageHeader';
import { usePageTitle } from '../../shared/usePageTitle';
import { selectSelectedAccount } from '../selection/selectedAccountSlice';
import { fullName } from '../user/display';
import { useGetUserDetailsQuery } from '../user/userApi';
import { useProfile } from '../user/useProfile';

/** Roles that may edit account information (not shown in the spec: the admin roles). */
const EDITOR_ROLES: readonly string[] = ['Admin', 'System Admin'];

function Contact({ labelKey, userId }: { labelKey: string; userId: string | undefined }) {
  const { t } = useTranslation();
  const { data, isLoading } = useGetUserDetailsQuery(userId ? userId : skipToken);
  const name = fullName(data);
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {t(labelKey)}
        </Typography>
        {isLoading ? (
          <Skeleton width="60%" />
        ) : (
          <>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
              {name || data?.email || t('common.notSet')}
            </Typography>
            {name && data?.email ? (
              <Typography variant="body2" color="text.secondary">
                {data.email}
              </Typography>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Account: owner, billing contact and technical contact; users who cannot edit are told whom to ask. */
export default function AccountPage() {
  const { t } = useTranslation();
  usePageTitle('nav.account');
  const selectedAccount = useAppSelector(selectSelectedAccount);
  const { data: profile } = useProfile();
  // The profile's copy is fresher than the remembered one.
  const account = profile?.accounts?.find((candidate) => candidate.id === selectedAccount.id) ?? selectedAccount;
  const canEdit = EDITOR_ROLES.includes(profile?.role ?? '');

  return (
    <>
      <PageHeader title={t('account.title')} subtitle={account.name || t('layout.noAccounts')} />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Contact labelKey="account.owner" userId={account.ownerId} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Contact labelKey="account.billingContact" userId={account.billingContactId} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Contact labelKey="account.technicalContact" userId={account.technicalContactId} />
        </Grid>
      </Grid>
      {canEdit ? null : (
        <Alert severity="info" sx={{ mt: 3 }}>
          {t('account.contactAdmin')}
        </Alert>
      )}
    </>
  );
}
