import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AccountDto, MemberDto } from '@infra/contracts';
import { useMemo } from 'react';
import { Controller, useForm, type RegisterOptions } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledTextField } from '../../shared/components/ControlledTextField';
import { FormTextField } from '../../shared/components/FormTextField';
import { CHECKED_AS_TYPED, shownError } from '../../shared/forms';
import { timeZoneOptions } from '../../shared/timeZones';
import { fullName } from '../user/display';
import type { AccountUpdate } from './accountApi';
import { parseThreshold, thresholdsValid } from './thresholds';

export type AccountSettings = Pick<
  AccountDto,
  | 'name'
  | 'ownerId'
  | 'billingContactId'
  | 'technicalContactId'
  | 'timeZone'
  | 'minWorkloadPercentThreshold'
  | 'maxWorkloadPercentThreshold'
>;

export interface AccountSettingsFormProps {
  account: AccountSettings;
  /** The account's members, to choose the contacts from. */
  members: MemberDto[];
  submitting?: boolean;
  /** Called with the changed fields only (nothing when nothing changed). */
  onSubmit: (changes: AccountUpdate) => void;
  onCancel: () => void;
}

const CONTACTS = ['ownerId', 'billingContactId', 'technicalContactId'] as const;
const CONTACT_LABELS: Record<(typeof CONTACTS)[number], string> = {
  ownerId: 'account.owner',
  billingContactId: 'account.billingContact',
  technicalContactId: 'account.technicalContact',
};

const THRESHOLDS = ['minWorkloadPercentThreshold', 'maxWorkloadPercentThreshold'] as const;
const THRESHOLD_LABELS: Record<(typeof THRESHOLDS)[number], string> = {
  minWorkloadPercentThreshold: 'account.fields.minThreshold',
  maxWorkloadPercentThreshold: 'account.fields.maxThreshold',
};

/** The form's values: the thresholds as typed. */
type SettingsValues = Omit<AccountSettings, (typeof THRESHOLDS)[number]> & Record<(typeof THRESHOLDS)[number], string>;

/**
 * The thresholds' rule (the maximum's field keeps it): 'required' while both are empty (shown once the user tried to
 * save), else the rule itself.
 */
const THRESHOLD_RULES: Record<(typeof THRESHOLDS)[number], RegisterOptions<SettingsValues>> = {
  minWorkloadPercentThreshold: { deps: 'maxWorkloadPercentThreshold' },
  maxWorkloadPercentThreshold: {
    validate: (_value, { minWorkloadPercentThreshold: min, maxWorkloadPercentThreshold: max }) => {
      if (thresholdsValid(parseThreshold(min), parseThreshold(max))) return true;
      return min === '' && max === '' ? 'required' : 'thresholdsRule';
    },
  },
};
const THRESHOLD_SLOT_PROPS = {
  htmlInput: { min: 0, max: 100, step: 1 },
  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
};

/** Edits the account's name, contacts, time zone and workload thresholds (Admins). */
export function AccountSettingsForm({ account, members, submitting, onSubmit, onCancel }: AccountSettingsFormProps) {
  const { t } = useTranslation();
  const {
    control,
    handleSubmit,
    formState: { isSubmitted, errors },
  } = useForm<SettingsValues>({
    ...CHECKED_AS_TYPED,
    defaultValues: {
      name: account.name,
      ownerId: account.ownerId,
      billingContactId: account.billingContactId,
      technicalContactId: account.technicalContactId,
      timeZone: account.timeZone,
      minWorkloadPercentThreshold: String(account.minWorkloadPercentThreshold),
      maxWorkloadPercentThreshold: String(account.maxWorkloadPercentThreshold),
    },
  });
  const zones = useMemo(() => timeZoneOptions(account.timeZone), [account.timeZone]);
  // The thresholds' rule is one, kept by the maximum's field (the minimum checks it again as it changes): it shows
  // once either holds something, or once the user tried to save.
  const thresholdsError = shownError(errors.maxWorkloadPercentThreshold, isSubmitted) !== undefined;

  const submit = handleSubmit((form) => {
    const values = {
      minWorkloadPercentThreshold: parseThreshold(form.minWorkloadPercentThreshold),
      maxWorkloadPercentThreshold: parseThreshold(form.maxWorkloadPercentThreshold),
    };
    const changes: AccountUpdate = {};
    if (form.name.trim() !== account.name) changes.name = form.name.trim();
    for (const field of CONTACTS) if (form[field] !== account[field]) changes[field] = form[field];
    if (form.timeZone !== account.timeZone) changes.timeZone = form.timeZone;
    for (const field of THRESHOLDS) if (values[field] !== account[field]) changes[field] = values[field];
    onSubmit(changes);
  });

  const memberOptions = members.map((member) => ({
    id: member.userId,
    label: fullName(member) ? `${fullName(member)} (${member.email})` : member.email,
  }));

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('account.editTitle')}>
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <ControlledTextField
          control={control}
          name="name"
          rules={{ validate: (name) => name.trim() !== '' || 'required' }}
          showError="requiredAfterSubmit"
          errorText={() => t('account.nameRequired')}
          label={t('account.fields.name')}
          required
        />
        {CONTACTS.map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => {
              const options = memberOptions.some((option) => option.id === field.value)
                ? memberOptions
                : [...(field.value ? [{ id: field.value, label: field.value }] : []), ...memberOptions];
              return (
                <FormTextField
                  select
                  label={t(CONTACT_LABELS[name])}
                  name={name}
                  value={field.value}
                  onValueChange={field.onChange}
                >
                  <MenuItem value="">
                    <em>{t('common.notSet')}</em>
                  </MenuItem>
                  {options.map((option) => (
                    <MenuItem key={option.id} value={option.id}>
                      {option.label}
                    </MenuItem>
                  ))}
                </FormTextField>
              );
            }}
          />
        ))}
        <Controller
          control={control}
          name="timeZone"
          render={({ field }) => (
            <Autocomplete
              options={zones}
              value={field.value || null}
              onChange={(_event, value) => field.onChange(value ?? '')}
              renderInput={(params) => <TextField {...params} label={t('account.fields.timeZone')} name="timeZone" />}
            />
          )}
        />
        <Grid container spacing={2}>
          {THRESHOLDS.map((name) => (
            <Grid key={name} size={6}>
              <Controller
                control={control}
                name={name}
                rules={THRESHOLD_RULES[name]}
                render={({ field }) => (
                  <FormTextField
                    label={t(THRESHOLD_LABELS[name])}
                    name={name}
                    type="number"
                    value={field.value}
                    onValueChange={field.onChange}
                    error={thresholdsError}
                    slotProps={THRESHOLD_SLOT_PROPS}
                  />
                )}
              />
            </Grid>
          ))}
        </Grid>
        {thresholdsError ? (
          <Alert severity="error" data-testid="thresholds-error">
            {t('identity.messages.thresholdsRule')}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={onCancel} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {t('common.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
