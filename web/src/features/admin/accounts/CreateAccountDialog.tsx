import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ACCOUNT_NAME_MAX_LENGTH, type CreateAccountRequest } from '@infra/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../shared/components/FormTextField';
import { timeZoneOptions } from '../../../shared/timeZones';
import { slugFromName, toCreateAccountRequest, validateNewAccount, type NewAccountValues } from './accountForm';

const EMPTY: NewAccountValues = { name: '', slug: '', timeZone: 'UTC' };

export interface CreateAccountDialogProps {
  open: boolean;
  submitting: boolean;
  onSubmit: (request: CreateAccountRequest) => void;
  onClose: () => void;
}

/** System Admins create an account: its name, slug (suggested from the name) and time zone. */
export function CreateAccountDialog({ open, submitting, onSubmit, onClose }: CreateAccountDialogProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  // The slug follows the name until the user types one of their own.
  const [slugEdited, setSlugEdited] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const zones = useMemo(() => timeZoneOptions(), []);
  const errors = validateNewAccount(values);

  /** Errors show once the user tried to create, except those worth knowing while typing. */
  const errorText = (field: keyof NewAccountValues): string | undefined => {
    const error = errors[field];
    const live = error === 'tooLong' || error === 'invalid';
    if (!error || (!attempted && !live)) return undefined;
    if (error === 'required') return t(`accounts.errors.${field}Required`);
    if (error === 'tooLong') return t('accounts.errors.nameTooLong', { max: ACCOUNT_NAME_MAX_LENGTH });
    return t('accounts.errors.slugInvalid');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(errors).length > 0) return;
    onSubmit(toCreateAccountRequest(values));
  };

  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onExited: () => {
            setValues(EMPTY);
            setSlugEdited(false);
            setAttempted(false);
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={submit} aria-label={t('accounts.createTitle')}>
        <DialogTitle>{t('accounts.createTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('accounts.createHelp')}</DialogContentText>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField
              label={t('account.fields.name')}
              name="name"
              value={values.name}
              onValueChange={(name) =>
                setValues((current) => ({ ...current, name, slug: slugEdited ? current.slug : slugFromName(name) }))
              }
              error={errorText('name') !== undefined}
              helperText={errorText('name')}
              required
              autoFocus
            />
            <FormTextField
              label={t('account.fields.slug')}
              name="slug"
              value={values.slug}
              onValueChange={(slug) => {
                setSlugEdited(true);
                setValues((current) => ({ ...current, slug }));
              }}
              error={errorText('slug') !== undefined}
              helperText={errorText('slug') ?? t('accounts.slugHelp')}
              required
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
            />
            <Autocomplete
              options={zones}
              value={values.timeZone || null}
              onChange={(_event, timeZone) => setValues((current) => ({ ...current, timeZone: timeZone ?? '' }))}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('account.fields.timeZone')}
                  name="timeZone"
                  required
                  error={errorText('timeZone') !== undefined}
                  helperText={errorText('timeZone')}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {t('accounts.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
