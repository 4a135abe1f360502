import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SupportEmailLink } from '../../../shared/components/SupportEmailLink';
import { AdminAccountPage } from './AdminAccountPage';
import { SubscriptionUsage } from './SubscriptionUsage';

/** Admin → Account → Subscription: the plan and its asset usage. */
export default function SubscriptionPage() {
  const { t } = useTranslation();
  return (
    <AdminAccountPage section="subscription">
      {({ account, canManage }) => (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="overline" color="text.secondary">
                  {t('subscription.plan')}
                </Typography>
                <Typography variant="h5" component="p" data-testid="subscription-plan">
                  {account.plan || t('common.notSet')}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('subscription.limit', { limit: account.assetLimit })}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="overline" color="text.secondary">
                  {t('subscription.usageLabel')}
                </Typography>
                <SubscriptionUsage organizations={account.organization} limit={account.assetLimit} />
              </CardContent>
            </Card>
          </Grid>
          <Grid size={12}>
            <Typography variant="body2" color="text.secondary">
              {t(canManage ? 'subscription.changePlan' : 'account.contactAdmin')} <SupportEmailLink />
            </Typography>
          </Grid>
        </Grid>
      )}
    </AdminAccountPage>
  );
}
