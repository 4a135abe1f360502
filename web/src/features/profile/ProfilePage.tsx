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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../shared/components/Loading';
import { PageHeader } from '../../shared/components/PageHeader';
import { SupportEmailLink } from '../../shared/components/SupportEmailLink';
import { roleKey } from '../../shared/roles';
import { usePageTitle } from '../../shared/usePageTitle';
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
  usePageTitle('nav.profile');
  const { data: profile, isLoading } = useProfile();
  const [requestReset, { isFetching: resetting }] = useLazyRequestPasswordResetQuery();
  const [resetMessage, setResetMessage] = useState<string | null>(null);

  /** Sends the caller a reset link, and says so (a failure shows the query-error toast). */
  const resetPassword = async () => {
    setResetMessage(null);
    const result = await requestReset();
    if (!result.error) setResetMessage(t('identity.messages.resetRequested'));
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
      {resetMessage ? (
        <Alert severity="success" sx={{ mb: 3 }} onClose={() => setResetMessage(null)} data-testid="reset-message">
          {resetMessage}
        </Alert>
      ) : null}
      <Card>
        <CardContent sx={{ p: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3 }}>
            <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', flexShrink: 0 }}>{initials(profile)}</Avatar>
            {/* minWidth 0 and wrapping keep the chips inside a phone's width (issue 21, item 12). */}
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {fullName(profile) || notSet}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  {t('profile.role')}
                </Typography>
                <Chip
                  size="small"
                  label={profile?.role ? t(roleKey(profile.role)) : notSet}
                  data-testid="profile-role"
                />
                <Chip
                  size="small"
                  variant="outlined"
                  color={profile?.mfaEnabled ? 'success' : 'default'}
                  label={t(profile?.mfaEnabled ? 'profile.mfaOn' : 'profile.mfaOff')}
                  data-testid="profile-mfa"
                  // A label longer than the line wraps inside the chip rather than running past the card.
                  sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
                />
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
        {t('profile.contactSupport')} <SupportEmailLink />
      </Alert>
    </>
  );
}
