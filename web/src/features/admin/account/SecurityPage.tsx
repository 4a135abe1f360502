import LockOutlined from '@mui/icons-material/LockOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MfaEnrollmentDto } from '@infra/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../../api/errors';
import { IDENTITY_TEXT_KEYS, MFA_CODE_KEYS, useFailureText, type FailureTexts } from '../../../shared/serverMessages';
import { useDisableMfaMutation, useEnrollMfaMutation, useVerifyMfaMutation } from '../../security/mfaApi';
import { AdminAccountPage } from './AdminAccountPage';
import { ApiKeysCard } from './apiKeys/ApiKeysCard';

/** Failures of a verify or disable code: a refused code is the invalid-code text. */
const CODE_FAILURES: FailureTexts = {
  codes: MFA_CODE_KEYS,
  statuses: { 400: IDENTITY_TEXT_KEYS.invalidCode, 403: IDENTITY_TEXT_KEYS.invalidCode },
  fallback: 'toast.unknownError',
};

/** A code form: the TOTP (or a recovery code), the submit button, and the server's answer on failure. */
function CodeForm({
  label,
  submitLabel,
  submitting,
  error,
  onSubmit,
  testId,
  color = 'primary',
}: {
  label: string;
  submitLabel: string;
  submitting: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  testId: string;
  color?: 'primary' | 'error';
}) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.replace(/\s+/g, '');
    if (trimmed) onSubmit(trimmed);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid={testId}>
      <Stack spacing={2} sx={{ maxWidth: 360 }}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <TextField
          label={label}
          name="code"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
          fullWidth
        />
        <Box>
          <Button type="submit" variant="contained" color={color} disabled={submitting || code.trim() === ''}>
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** The pending enrolment: the QR code, the secret to type instead, the recovery codes, and the first code. */
function Enrollment({ enrollment, onDone }: { enrollment: MfaEnrollmentDto; onDone: () => void }) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [verify, { isLoading }] = useVerifyMfaMutation();
  const [error, setError] = useState<string | null>(null);

  const submit = async (code: string) => {
    setError(null);
    const result = await verify({ code });
    if (result.error) setError(failureText(failureOf(result.error), CODE_FAILURES));
    else onDone();
  };

  return (
    <Stack spacing={3} data-testid="mfa-enrollment">
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('security.step1')}
        </Typography>
        <Box
          component="img"
          src={enrollment.qrCode}
          alt={t('security.qrAlt')}
          sx={{ width: 200, height: 200, border: 1, borderColor: 'divider', borderRadius: 1, p: 1, bgcolor: '#fff' }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('security.secretHelp')}
        </Typography>
        <Typography
          component="code"
          data-testid="mfa-secret"
          sx={{ fontFamily: 'monospace', fontSize: 16, letterSpacing: '0.08em', wordBreak: 'break-all' }}
        >
          {enrollment.secret}
        </Typography>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('security.step2')}
        </Typography>
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('security.recoveryHelp')}
        </Alert>
        <Box
          component="ul"
          data-testid="mfa-recovery-codes"
          sx={{ columns: 2, maxWidth: 360, pl: 2, m: 0, fontFamily: 'monospace' }}
        >
          {enrollment.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3" gutterBottom>
          {t('security.step3')}
        </Typography>
        <CodeForm
          label={t('security.code')}
          submitLabel={t('security.verify')}
          submitting={isLoading}
          error={error}
          onSubmit={(code) => void submit(code)}
          testId="mfa-verify-form"
        />
      </Box>
    </Stack>
  );
}

/** Turns MFA off with a current code (or a recovery code). */
function DisableMfa() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [disable, { isLoading }] = useDisableMfaMutation();
  const [error, setError] = useState<string | null>(null);
  const submit = async (code: string) => {
    setError(null);
    const result = await disable({ code });
    if (result.error) setError(failureText(failureOf(result.error), CODE_FAILURES));
  };
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('security.disableHelp')}
      </Typography>
      <CodeForm
        label={t('security.code')}
        submitLabel={t('security.disable')}
        submitting={isLoading}
        error={error}
        onSubmit={(code) => void submit(code)}
        testId="mfa-disable-form"
        color="error"
      />
    </Stack>
  );
}

function MfaSettings({ mfaEnabled }: { mfaEnabled: boolean }) {
  const { t } = useTranslation();
  const [enroll, { data: enrollment, isLoading, reset }] = useEnrollMfaMutation();

  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          {mfaEnabled ? <VerifiedUserOutlined color="success" /> : <LockOutlined color="action" />}
          <Typography variant="h6" component="h2">
            {t('security.mfaTitle')}
          </Typography>
          <Chip
            size="small"
            color={mfaEnabled ? 'success' : 'default'}
            label={t(mfaEnabled ? 'security.on' : 'security.off')}
            data-testid="mfa-status"
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          {t('security.mfaDescription')}
        </Typography>
        {mfaEnabled ? (
          <DisableMfa />
        ) : enrollment ? (
          <Enrollment enrollment={enrollment} onDone={reset} />
        ) : (
          <Button variant="contained" onClick={() => void enroll()} disabled={isLoading}>
            {t('security.setUp')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** Admin → Account → Security: the signed-in user's own multi-factor authentication, and the account's API keys (Admins). */
export default function SecurityPage() {
  return (
    <AdminAccountPage section="security">
      {({ profile, account, canManage }) => (
        <>
          <MfaSettings mfaEnabled={profile.mfaEnabled} />
          {canManage ? <ApiKeysCard account={account} /> : null}
        </>
      )}
    </AdminAccountPage>
  );
}
