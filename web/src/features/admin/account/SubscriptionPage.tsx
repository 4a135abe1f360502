import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportEmailLink } from '../../../shared/components/SupportEmailLink';
import { useProfile } from '../../user/useProfile';
import { AdminAccountPage } from './AdminAccountPage';
import { PlanDialog } from './PlanDialog';
import { SubscriptionUsage } from './SubscriptionUsage';

/** Admin → Account → Subscription: the plan and its asset usage. */
export default function SubscriptionPage() {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const [changing, setChanging] = useState(false);
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
                {/* Plans are the platform's to set: System Admins only (the API refuses anyone else). */}
                {profile?.systemAdmin ? (
                  <>
                    <Button variant="outlined" size="small" sx={{ mt: 2 }} onClick={() => setChanging(true)}>
                      {t('subscription.changePlanButton')}
                    </Button>
                    <PlanDialog account={account} open={changing} onClose={() => setChanging(false)} />
                  </>
                ) : null}
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
