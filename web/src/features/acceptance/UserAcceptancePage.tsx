import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSignOut } from '../auth/useSignOut';
import { Loading } from '../../shared/components/Loading';
import { safeReturnTo } from '../../shared/returnTo';
import { AuthCard } from '../auth/AuthCard';
import type { AcceptanceLocationState } from './AcceptanceGuard';
import { useAcceptTermsMutation, useGetAcceptanceDataQuery, useGetAcceptanceStatusQuery } from './acceptanceApi';

function ExternalLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
      {children}
    </Link>
  );
}

/**
 * The user acceptance step (`/user-acceptance`): the terms of service and the privacy policy, each with a
 * link and a checkbox; Accept records both versions and returns to the page the user came from.
 */
export default function UserAcceptancePage() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const from = safeReturnTo((location.state as AcceptanceLocationState | null)?.from);
  const status = useGetAcceptanceStatusQuery();
  const data = useGetAcceptanceDataQuery();
  const [accept, { isLoading: accepting }] = useAcceptTermsMutation();
  const [terms, setTerms] = useState(false);
  const [privacy, setPrivacy] = useState(false);

  if (status.data?.accepted) return <Navigate to={from} replace />;
  const versions = data.data;

  const submit = async () => {
    if (!versions) return;
    const result = await accept({ termsVersion: versions.termsVersion, privacyVersion: versions.privacyVersion });
    if (!result.error) void navigate(from, { replace: true });
  };

  return (
    <AuthCard title={t('pages.userAcceptance')} subtitle={t('acceptance.intro')}>
      {status.isLoading || data.isLoading ? (
        <Loading />
      ) : versions ? (
        <Stack spacing={2.5}>
          <FormGroup>
            <FormControlLabel
              control={<Checkbox checked={terms} onChange={(event) => setTerms(event.target.checked)} name="terms" />}
              label={
                <Trans
                  i18nKey="acceptance.terms"
                  values={{ version: versions.termsVersion }}
                  components={{ doc: <ExternalLink href={versions.termsUrl} /> }}
                />
              }
            />
            <FormControlLabel
              control={
                <Checkbox checked={privacy} onChange={(event) => setPrivacy(event.target.checked)} name="privacy" />
              }
              label={
                <Trans
                  i18nKey="acceptance.privacy"
                  values={{ version: versions.privacyVersion }}
                  components={{ doc: <ExternalLink href={versions.privacyUrl} /> }}
                />
              }
            />
          </FormGroup>
          {!terms || !privacy ? (
            <Typography variant="body2" color="text.secondary">
              {t('identity.messages.acceptanceRequired')}
            </Typography>
          ) : null}
          <Button
            variant="contained"
            size="large"
            disabled={!terms || !privacy || accepting}
            onClick={() => void submit()}
          >
            {t('acceptance.accept')}
          </Button>
        </Stack>
      ) : (
        <Alert severity="error">{t('toast.queryError')}</Alert>
      )}
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Button size="small" onClick={() => void signOut()}>
          {t('layout.signOut')}
        </Button>
      </Box>
    </AuthCard>
  );
}
