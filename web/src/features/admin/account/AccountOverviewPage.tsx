import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AccountDto } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../../config/routes';
import { AccountDetailsCard, type AccountDetailField } from '../../account/AccountDetails';
import { useGetOrganizationsQuery } from '../../account/accountApi';
import { AdminAccountPage } from './AdminAccountPage';

const DETAIL_FIELDS: readonly AccountDetailField[] = [
  'name',
  'slug',
  'plan',
  'timeZone',
  'minWorkloadPercentThreshold',
  'maxWorkloadPercentThreshold',
];

function Organizations({ account }: { account: AccountDto }) {
  const { t } = useTranslation();
  const { data: organizations, isLoading } = useGetOrganizationsQuery(account.slug);
  if (isLoading) return <Skeleton height={48} />;
  const list = organizations ?? [];
  if (list.length === 0) {
    return <Typography color="text.secondary">{t('layout.noOrganizations')}</Typography>;
  }
  return (
    <List dense disablePadding data-testid="overview-organizations">
      {list.map((organization) => {
        const place = [organization.city, organization.state, organization.country].filter(Boolean).join(', ');
        return (
          <ListItem key={organization.id} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <BusinessOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={organization.name} secondary={place || undefined} />
          </ListItem>
        );
      })}
    </List>
  );
}

/** Admin → Account → Overview: the account's name, slug, plan, time zone, thresholds and organizations. */
export default function AccountOverviewPage() {
  const { t } = useTranslation();
  return (
    <AdminAccountPage
      section="overview"
      actions={({ canManage }) =>
        canManage ? (
          <Button component={RouterLink} to={ROUTES.account} variant="outlined">
            {t('overview.editOnAccount')}
          </Button>
        ) : null
      }
    >
      {({ account }) => (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <AccountDetailsCard
              title={t('overview.details')}
              account={account}
              fields={DETAIL_FIELDS}
              testIdPrefix="overview"
              size={{ xs: 12, sm: 6, md: 4 }}
              sx={{ height: '100%' }}
            />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
                  {t('overview.organizations')}
                </Typography>
                <Organizations account={account} />
              </CardContent>
            </Card>
          </Grid>
        </Grid>
      )}
    </AdminAccountPage>
  );
}
