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
import { useMemo, useState } from 'react';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledTextField } from '../../../shared/components/ControlledTextField';
import { CHECKED_AS_TYPED, fieldRule, shownError } from '../../../shared/forms';
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
  const {
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { isSubmitted },
  } = useForm<NewAccountValues>({ ...CHECKED_AS_TYPED, defaultValues: EMPTY });
  // The slug follows the name until the user types one of their own.
  const [slugEdited, setSlugEdited] = useState(false);
  const zones = useMemo(() => timeZoneOptions(), []);
  // Each field's error is the kind of problem ('required', 'tooLong', 'invalid') validateNewAccount finds in it.
  const rules = (field: keyof NewAccountValues) => ({ validate: fieldRule(validateNewAccount, field) });

  /** What a shown problem of a field says. */
  const kindText = (field: keyof NewAccountValues, kind: string): string => {
    if (kind === 'required') return t(`accounts.errors.${field}Required`);
    if (kind === 'tooLong') return t('accounts.errors.nameTooLong', { max: ACCOUNT_NAME_MAX_LENGTH });
    return t('accounts.errors.slugInvalid');
  };
  /** Errors show once the user tried to create, except those worth knowing while typing. */
  const errorText = (field: keyof NewAccountValues, error: FieldError | undefined): string | undefined => {
    const kind = shownError(error, isSubmitted);
    return kind ? kindText(field, kind) : undefined;
  };

  const submit = handleSubmit((values) => onSubmit(toCreateAccountRequest(values)));

  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      slotProps={{
        transition: {
          onExited: () => {
            reset();
            setSlugEdited(false);
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('accounts.createTitle')}>
        <DialogTitle>{t('accounts.createTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('accounts.createHelp')}</DialogContentText>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ControlledTextField
              control={control}
              name="name"
              rules={rules('name')}
              showError="requiredAfterSubmit"
              errorText={(kind) => kindText('name', kind)}
              onValueChange={(name) => {
                if (!slugEdited) setValue('slug', slugFromName(name), { shouldValidate: true });
              }}
              label={t('account.fields.name')}
              required
              autoFocus
            />
            <ControlledTextField
              control={control}
              name="slug"
              rules={rules('slug')}
              showError="requiredAfterSubmit"
              errorText={(kind) => kindText('slug', kind)}
              help={t('accounts.slugHelp')}
              onValueChange={() => setSlugEdited(true)}
              label={t('account.fields.slug')}
              required
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
            />
            <Controller
              control={control}
              name="timeZone"
              rules={rules('timeZone')}
              render={({ field, fieldState: { error } }) => (
                <Autocomplete
                  options={zones}
                  value={field.value || null}
                  onChange={(_event, timeZone) => field.onChange(timeZone ?? '')}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('account.fields.timeZone')}
                      name="timeZone"
                      required
                      error={errorText('timeZone', error) !== undefined}
                      helperText={errorText('timeZone', error)}
                    />
                  )}
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
