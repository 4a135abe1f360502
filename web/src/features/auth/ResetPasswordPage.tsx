import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { PASSWORD_MIN_LENGTH } from '@infra/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { PlainTextField } from '../../shared/components/PlainTextField';
import { CHECKED_AFTER_SUBMIT, fieldRule } from '../../shared/forms';
import { useControlledText, type ControlledTextOptions } from '../../shared/useControlledText';
import { IDENTITY_TEXT_KEYS, RESET_CODE_KEYS, useFailureText, type FailureTexts } from '../../shared/serverMessages';
import { AuthCard } from './AuthCard';
import { resetPassword } from './authClient';
import { newPasswordErrors, type NewPasswordError } from './passwordRules';

const ERROR_KEYS: Record<NewPasswordError, string> = {
  passwordRule: 'identity.messages.passwordRule',
  mismatch: 'resetPassword.mismatch',
};

interface NewPassword {
  password: string;
  confirmation: string;
}

/** The translation keys of what is wrong with each entry. */
function entryErrors({ password, confirmation }: NewPassword): Partial<NewPassword> {
  const errors = newPasswordErrors(password, confirmation);
  return {
    password: errors.password && ERROR_KEYS[errors.password],
    confirmation: errors.confirmation && ERROR_KEYS[errors.confirmation],
  };
}

/**
 * A new password's entry: the form's field with its rule's text under it (a blank line while there is none), as a
 * PlainTextField: the signed-out pages do not load MUI's TextField (and so not ControlledTextField).
 */
function PasswordEntry(
  props: Pick<ControlledTextOptions<NewPassword, keyof NewPassword>, 'control' | 'name' | 'rules'> & {
    label: string;
    autoFocus?: boolean;
  },
) {
  const entry = useControlledText({ ...props, help: ' ' });
  return <PlainTextField {...entry} name={props.name} type="password" autoComplete="new-password" required />;
}

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
  const { control, handleSubmit } = useForm<NewPassword>({
    ...CHECKED_AFTER_SUBMIT,
    defaultValues: { password: '', confirmation: '' },
  });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = handleSubmit(async ({ password }) => {
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    const result = await resetPassword(token, password);
    setSubmitting(false);
    if (result.ok) setDone(t('toast.actionCompleted'));
    else setError(failureText(result, RESET_FAILURES));
  });

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
          <PasswordEntry
            control={control}
            name="password"
            // The confirmation must match the password: checked again as the password changes.
            rules={{ validate: fieldRule(entryErrors, 'password'), deps: 'confirmation' }}
            label={t('resetPassword.password')}
            autoFocus
          />
          <PasswordEntry
            control={control}
            name="confirmation"
            rules={{ validate: fieldRule(entryErrors, 'confirmation') }}
            label={t('resetPassword.confirmation')}
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
