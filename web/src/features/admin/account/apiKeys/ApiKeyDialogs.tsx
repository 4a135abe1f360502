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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  API_KEY_LIMITS,
  type AccountRole,
  type CreateApiKeyRequest,
  type CreatedApiKeyDto,
  type OrganizationDto,
} from '@infra/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_ROLES, roleKey } from '../../../../shared/roles';

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
  const [draft, setDraft] = useState<Draft>(blank);
  const [attempted, setAttempted] = useState(false);
  // The latest day whose end is still within a year of now.
  const [firstDay, lastDay] = [dayFromToday(0), dayFromToday(API_KEY_LIMITS.expiryMaxDays - 1)];
  const errors = {
    name: draft.name.trim() === '',
    organizationId: draft.organizationId === '',
    expiresOn: draft.expiresOn !== '' && (draft.expiresOn < firstDay || draft.expiresOn > lastDay),
  };
  const set = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (errors.name || errors.organizationId || errors.expiresOn) return;
    onSubmit({
      name: draft.name.trim(),
      organizationId: draft.organizationId,
      role: draft.role,
      ...(draft.expiresOn ? { expiresAt: endOfDay(draft.expiresOn) } : {}),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onExited: () => {
            setDraft(blank());
            setAttempted(false);
          },
        },
      }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={t('apiKeys.createTitle')}
        // A flex column: the content scrolls between the title and the actions, which stay in view.
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle>{t('apiKeys.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('apiKeys.name')}
              name="name"
              value={draft.name}
              onChange={(event) => set('name')(event.target.value)}
              error={attempted && errors.name}
              helperText={attempted && errors.name ? t('apiKeys.nameRequired') : undefined}
              slotProps={{ htmlInput: { maxLength: API_KEY_LIMITS.nameMaxLength } }}
              required
              fullWidth
              autoFocus
            />
            <TextField
              select
              label={t('apiKeys.organization')}
              name="organizationId"
              value={draft.organizationId}
              onChange={(event) => set('organizationId')(event.target.value)}
              error={attempted && errors.organizationId}
              helperText={attempted && errors.organizationId ? t('apiKeys.organizationRequired') : undefined}
              required
              fullWidth
            >
              {organizations.map((organization) => (
                <MenuItem key={organization.id} value={organization.id}>
                  {organization.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('apiKeys.role')}
              name="role"
              value={draft.role}
              onChange={(event) => set('role')(event.target.value)}
              helperText={t('apiKeys.roleHelp')}
              fullWidth
            >
              {ACCOUNT_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {t(roleKey(role))}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              label={t('apiKeys.expiresOn')}
              name="expiresOn"
              value={draft.expiresOn}
              onChange={(event) => set('expiresOn')(event.target.value)}
              error={attempted && errors.expiresOn}
              helperText={t(attempted && errors.expiresOn ? 'apiKeys.expiryInvalid' : 'apiKeys.expiryHelp')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: firstDay, max: lastDay } }}
              fullWidth
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
