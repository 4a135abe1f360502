import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { PASSWORD_MIN_LENGTH } from '@infra/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { PlainTextField } from '../../shared/components/PlainTextField';
import { IDENTITY_TEXT_KEYS, RESET_CODE_KEYS, useFailureText, type FailureTexts } from '../../shared/serverMessages';
import { AuthCard } from './AuthCard';
import { resetPassword } from './authClient';
import { newPasswordErrors, type NewPasswordError } from './passwordRules';

const ERROR_KEYS: Record<NewPasswordError, string> = {
  passwordRule: 'identity.messages.passwordRule',
  mismatch: 'resetPassword.mismatch',
};

/**
 * Failures of `POST users/reset-password`: a password the server refuses says why; any other refusal of the
 * request (a token that is malformed, unknown, used or expired) is the invalid-link text.
 */
const RESET_FAILURES: FailureTexts = {
  codes: RESET_CODE_KEYS,
  statuses: {
    400: IDENTITY_TEXT_KEYS.resetInvalid,
    403: IDENTITY_TEXT_KEYS.resetInvalid,
    404: IDENTITY_TEXT_KEYS.resetInvalid,
    410: IDENTITY_TEXT_KEYS.resetInvalid,
    422: IDENTITY_TEXT_KEYS.resetInvalid,
  },
  fallback: 'toast.unavailable',
};

/** The page of the emailed link (`/reset-password?token=`): the new password twice, then a link to sign in. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const errors = newPasswordErrors(password, confirmation);
  const showErrors = attempted;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (submitting || errors.password || errors.confirmation) return;
    setSubmitting(true);
    setError(null);
    const result = await resetPassword(token, password);
    setSubmitting(false);
    if (result.ok) setDone(t('toast.actionCompleted'));
    else setError(failureText(result, RESET_FAILURES));
  };

  const signInLink = (
    <Button component={RouterLink} to={ROUTES.signIn} variant={done ? 'contained' : 'text'} fullWidth>
      {t('resetPassword.signIn')}
    </Button>
  );

  if (!token) {
    return (
      <AuthCard title={t('resetPassword.title')}>
        <Stack spacing={2.5}>
          <Alert severity="error">{t('identity.messages.resetInvalid')}</Alert>
          <Link component={RouterLink} to={ROUTES.forgotPassword} variant="body2" sx={{ alignSelf: 'center' }}>
            {t('resetPassword.requestNewLink')}
          </Link>
        </Stack>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title={t('resetPassword.title')}>
        <Stack spacing={2.5}>
          <Alert severity="success" data-testid="reset-done">
            {done}
          </Alert>
          {signInLink}
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('resetPassword.title')} subtitle={t('resetPassword.subtitle', { min: PASSWORD_MIN_LENGTH })}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <Stack spacing={2.5}>
          {error ? (
            <Alert severity="error" data-testid="reset-error">
              {error}
            </Alert>
          ) : null}
          <PlainTextField
            label={t('resetPassword.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={showErrors && Boolean(errors.password)}
            helperText={showErrors && errors.password ? t(ERROR_KEYS[errors.password]) : ' '}
            required
            autoFocus
          />
          <PlainTextField
            label={t('resetPassword.confirmation')}
            name="confirmation"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onValueChange={setConfirmation}
            error={showErrors && Boolean(errors.confirmation)}
            helperText={showErrors && errors.confirmation ? t(ERROR_KEYS[errors.confirmation]) : ' '}
            required
          />
          <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
            {t('resetPassword.submit')}
          </Button>
          {signInLink}
        </Stack>
      </Box>
    </AuthCard>
  );
}
