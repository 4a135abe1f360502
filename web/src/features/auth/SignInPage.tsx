import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { RETURN_TO_PARAM } from '../../config';
import { ROUTES } from '../../config/routes';
import { browserLocation } from '../../shared/browserLocation';
import { PlainTextField } from '../../shared/components/PlainTextField';
import { safeReturnTo } from '../../shared/returnTo';
import { IDENTITY_TEXT_KEYS, SESSION_CODE_KEYS, useFailureText, type FailureTexts } from '../../shared/serverMessages';
import { AuthCard } from './AuthCard';
import { signIn } from './authClient';
import { EmailField } from './EmailField';

type Step = 'credentials' | 'code';

/** Failures of `POST /api/login` by step: a 401 is the wrong password on the first, the wrong code on the second. */
const SIGN_IN_FAILURES: Record<Step, FailureTexts> = {
  credentials: {
    codes: SESSION_CODE_KEYS,
    statuses: { 401: IDENTITY_TEXT_KEYS.invalidCredentials, 429: IDENTITY_TEXT_KEYS.lockedOut },
    fallback: 'signIn.failed',
  },
  code: {
    codes: SESSION_CODE_KEYS,
    statuses: { 401: IDENTITY_TEXT_KEYS.invalidCode, 429: IDENTITY_TEXT_KEYS.lockedOut },
    fallback: 'signIn.failed',
  },
};

/**
 * Sign-in, outside the default layout: email and password; when the account has MFA, a second step asks for
 * the 6-digit code (or a recovery code) and posts the three together. On success the session cookies are set
 * and the browser goes (full page) to `returnTo` or home. Errors are shown inline, never as toasts.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get(RETURN_TO_PARAM));
  const [step, setStep] = useState<Step>('credentials');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const canSubmit =
    !submitting && email.trim() !== '' && password !== '' && (step === 'credentials' || code.trim() !== '');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    setError(null);
    const credentials = { email: email.trim(), password };
    const result = await signIn(step === 'code' ? { ...credentials, code: code.replace(/\s+/g, '') } : credentials);
    if (result.ok && result.data?.mfaRequired) {
      setStep('code');
      setSubmitting(false);
      return;
    }
    if (result.ok) {
      // Stays "submitting" while the browser leaves.
      browserLocation.assign(returnTo);
      return;
    }
    setSubmitting(false);
    if (step === 'code') setCode('');
    setError(failureText(result, SIGN_IN_FAILURES[step]));
  };

  const back = () => {
    setStep('credentials');
    setCode('');
    setError(null);
  };

  return (
    <AuthCard
      title={t(step === 'code' ? 'signIn.codeTitle' : 'signIn.title')}
      subtitle={t(step === 'code' ? 'signIn.codeSubtitle' : 'signIn.subtitle')}
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('signIn.title')}>
        <Stack spacing={2.5}>
          {error ? (
            <Alert severity="error" data-testid="signin-error">
              {error}
            </Alert>
          ) : null}
          {step === 'credentials' ? (
            <>
              <EmailField value={email} onValueChange={setEmail} />
              <PlainTextField
                label={t('signIn.password')}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onValueChange={setPassword}
                required
              />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
                <Link component={RouterLink} to={ROUTES.forgotPassword} variant="body2">
                  {t('signIn.forgotPassword')}
                </Link>
              </Box>
              <Button type="submit" variant="contained" size="large" disabled={!canSubmit} fullWidth>
                {t('signIn.submit')}
              </Button>
            </>
          ) : (
            <>
              <PlainTextField
                label={t('signIn.code')}
                name="code"
                autoComplete="one-time-code"
                value={code}
                onValueChange={setCode}
                helperText={t('signIn.codeHelp')}
                htmlInput={{ spellCheck: false, autoCapitalize: 'off' }}
                required
                autoFocus
              />
              <Button type="submit" variant="contained" size="large" disabled={!canSubmit} fullWidth>
                {t('signIn.verify')}
              </Button>
              <Button onClick={back} disabled={submitting} fullWidth>
                {t('signIn.back')}
              </Button>
            </>
          )}
        </Stack>
      </Box>
    </AuthCard>
  );
}
