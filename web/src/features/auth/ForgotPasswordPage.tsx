import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { useFailureText } from '../../shared/serverMessages';
import { AuthCard } from './AuthCard';
import { requestPasswordResetEmail } from './authClient';
import { EmailField } from './EmailField';

/** Forgot password: asks for the email and always gives the same answer (no account enumeration). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || email.trim() === '') return;
    setSubmitting(true);
    setError(null);
    const result = await requestPasswordResetEmail(email.trim());
    setSubmitting(false);
    if (result.ok) setSent(true);
    else setError(failureText(result, { fallback: 'toast.unavailable' }));
  };

  return (
    <AuthCard title={t('forgotPassword.title')} subtitle={sent ? undefined : t('forgotPassword.subtitle')}>
      <Stack spacing={2.5}>
        {sent ? (
          <Alert severity="success" data-testid="reset-requested">
            {t('identity.messages.resetRequested')}
          </Alert>
        ) : (
          <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
            <Stack spacing={2.5}>
              {error ? <Alert severity="error">{error}</Alert> : null}
              <EmailField value={email} onValueChange={setEmail} />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={submitting || email.trim() === ''}
                fullWidth
              >
                {t('forgotPassword.submit')}
              </Button>
            </Stack>
          </Box>
        )}
        <Link component={RouterLink} to={ROUTES.signIn} variant="body2" sx={{ alignSelf: 'center' }}>
          {t('forgotPassword.backToSignIn')}
        </Link>
      </Stack>
    </AuthCard>
  );
}
