import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  API_KEY_LIMITS,
  type AccountRole,
  type CreateApiKeyRequest,
  type CreatedApiKeyDto,
  type OrganizationDto,
} from '@infra/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledTextField } from '../../../../shared/components/ControlledTextField';
import { CHECKED_AFTER_SUBMIT } from '../../../../shared/forms';
import { RoleSelect } from '../RoleSelect';

/** A date input's value (yyyy-mm-dd) for a day from today. */
function dayFromToday(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The key works through the chosen day (local time); the server allows at most a year ahead. */
function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59`).toISOString();
}

interface Draft {
  name: string;
  organizationId: string;
  role: AccountRole;
  expiresOn: string;
}

/** Name, organization, role and an optional expiry date. */
export function CreateApiKeyDialog({
  open,
  organizations,
  submitting,
  onSubmit,
  onClose,
}: {
  open: boolean;
  organizations: Pick<OrganizationDto, 'id' | 'name'>[];
  submitting: boolean;
  onSubmit: (request: CreateApiKeyRequest) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const blank = (): Draft => ({ name: '', organizationId: organizations[0]?.id ?? '', role: 'User', expiresOn: '' });
  const { control, handleSubmit, reset } = useForm<Draft>({ ...CHECKED_AFTER_SUBMIT, defaultValues: blank() });
  // The latest day whose end is still within a year of now.
  const [firstDay, lastDay] = [dayFromToday(0), dayFromToday(API_KEY_LIMITS.expiryMaxDays - 1)];

  const submit = handleSubmit((draft) =>
    onSubmit({
      name: draft.name.trim(),
      organizationId: draft.organizationId,
      role: draft.role,
      ...(draft.expiresOn ? { expiresAt: endOfDay(draft.expiresOn) } : {}),
    }),
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => reset(blank()) } }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={t('apiKeys.createTitle')}
        // A flex column: the content scrolls between the title and the actions, which stay in view.
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>{t('apiKeys.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ControlledTextField
              control={control}
              name="name"
              rules={{ validate: (name) => name.trim() !== '' || 'apiKeys.nameRequired' }}
              label={t('apiKeys.name')}
              slotProps={{ htmlInput: { maxLength: API_KEY_LIMITS.nameMaxLength } }}
              required
              autoFocus
            />
            <ControlledTextField
              control={control}
              name="organizationId"
              rules={{ validate: (id) => id !== '' || 'apiKeys.organizationRequired' }}
              select
              label={t('apiKeys.organization')}
              required
            >
              {organizations.map((organization) => (
                <MenuItem key={organization.id} value={organization.id}>
                  {organization.name}
                </MenuItem>
              ))}
            </ControlledTextField>
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <RoleSelect
                  label={t('apiKeys.role')}
                  helperText={t('apiKeys.roleHelp')}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <ControlledTextField
              control={control}
              name="expiresOn"
              rules={{
                validate: (day) => day === '' || (day >= firstDay && day <= lastDay) || 'apiKeys.expiryInvalid',
              }}
              type="date"
              label={t('apiKeys.expiresOn')}
              help={t('apiKeys.expiryHelp')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: firstDay, max: lastDay } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {t('apiKeys.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The new key's secret, shown this once: copy it, then Done. Clicking beside the dialog does not close it. */
export function SecretDialog({ created, onClose }: { created: CreatedApiKeyDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created.secret);
    setCopied(true);
  };
  return (
    <Dialog
      open={created !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => setCopied(false) } }}
      data-testid="api-key-secret-dialog"
    >
      <DialogTitle>{t('apiKeys.secretTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('apiKeys.secretWarning')}
        </Alert>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {created?.name}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography
            component="code"
            data-testid="api-key-secret"
            sx={{ fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all', flex: 1 }}
          >
            {created?.secret}
          </Typography>
          <Button startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
            {t(copied ? 'apiKeys.copied' : 'apiKeys.copy')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('apiKeys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
