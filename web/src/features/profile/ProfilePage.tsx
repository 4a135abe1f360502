import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { Loading } from '../../shared/components/Loading';
import { PageHeader } from '../../shared/components/PageHeader';
import { usePageTitle } from '../../shared/usePageTitle';
import { enqueueToast } from '../toasts/toastsSlice';
import { fullName, initials } from '../user/display';
import type { UserProfile } from '../user/types';
import { useLazyRequestPasswordResetQuery } from '../user/userApi';
import { useProfile } from '../user/useProfile';

const DETAIL_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'mobileNumber',
  'workNumber',
  'company',
  'website',
  'addressLineOne',
  'addressLineTwo',
  'city',
  'country',
  'zipCode',
  'timeZone',
] as const satisfies readonly (keyof UserProfile)[];

/** Profile: the user's details and assigned role, a reset-password action, and whom to ask for changes. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  usePageTitle('nav.profile');
  const { data: profile, isLoading } = useProfile();
  const [requestReset, { isFetching: resetting }] = useLazyRequestPasswordResetQuery();

  const resetPassword = async () => {
    const result = await requestReset();
    if (!result.error)
      dispatch(enqueueToast({ messageKey: 'toast.actionCompleted', variant: 'success', persist: false }));
  };

  if (isLoading) return <Loading />;
  const notSet = t('common.notSet');

  return (
    <>
      <PageHeader
        title={t('profile.title')}
        actions={
          <Button
            variant="outlined"
            startIcon={<LockResetOutlined />}
            onClick={() => void resetPassword()}
            disabled={resetting}
          >
            {t('profile.resetPassword')}
          </Button>
        }
      />
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
            <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>{initials(profile)}</Avatar>
            <Box>
              <Typography variant="h6">{fullName(profile) || notSet}</Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  {t('profile.role')}
                </Typography>
                <Chip size="small" label={profile?.role || notSet} data-testid="profile-role" />
              </Box>
            </Box>
          </Box>
          <Divider sx={{ mb: 3 }} />
          <Grid container spacing={3}>
            {DETAIL_FIELDS.map((field) => (
              <Grid key={field} size={{ xs: 12, sm: 6, md: 4 }}>
                <Typography variant="caption" color="text.secondary">
                  {t(`profile.fields.${field}`)}
                </Typography>
                <Typography variant="body1" sx={{ wordBreak: 'break-word' }}>
                  {profile?.[field] || notSet}
                </Typography>
              </Grid>
            ))}
          </Grid>
        </CardContent>
      </Card>
      <Alert severity="info" sx={{ mt: 3 }}>
        {t('profile.contactSupport')}
      </Alert>
    </>
  );
}
