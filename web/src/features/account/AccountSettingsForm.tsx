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
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../shared/components/FormTextField';
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
const THRESHOLD_SLOT_PROPS = {
  htmlInput: { min: 0, max: 100, step: 1 },
  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
};

/** Edits the account's name, contacts, time zone and workload thresholds (Admins). */
export function AccountSettingsForm({ account, members, submitting, onSubmit, onCancel }: AccountSettingsFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(account.name);
  const [contacts, setContacts] = useState({
    ownerId: account.ownerId,
    billingContactId: account.billingContactId,
    technicalContactId: account.technicalContactId,
  });
  const [timeZone, setTimeZone] = useState(account.timeZone);
  const [thresholds, setThresholds] = useState({
    minWorkloadPercentThreshold: String(account.minWorkloadPercentThreshold),
    maxWorkloadPercentThreshold: String(account.maxWorkloadPercentThreshold),
  });
  const [attempted, setAttempted] = useState(false);
  const zones = useMemo(() => timeZoneOptions(account.timeZone), [account.timeZone]);

  const values = {
    minWorkloadPercentThreshold: parseThreshold(thresholds.minWorkloadPercentThreshold),
    maxWorkloadPercentThreshold: parseThreshold(thresholds.maxWorkloadPercentThreshold),
  };
  const thresholdsOk = thresholdsValid(values.minWorkloadPercentThreshold, values.maxWorkloadPercentThreshold);
  const nameOk = name.trim() !== '';
  const showThresholdError = !thresholdsOk && (attempted || THRESHOLDS.some((field) => thresholds[field] !== ''));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (!thresholdsOk || !nameOk) return;
    const changes: AccountUpdate = {};
    if (name.trim() !== account.name) changes.name = name.trim();
    for (const field of CONTACTS) if (contacts[field] !== account[field]) changes[field] = contacts[field];
    if (timeZone !== account.timeZone) changes.timeZone = timeZone;
    for (const field of THRESHOLDS) if (values[field] !== account[field]) changes[field] = values[field];
    onSubmit(changes);
  };

  const memberOptions = members.map((member) => ({
    id: member.userId,
    label: fullName(member) ? `${fullName(member)} (${member.email})` : member.email,
  }));

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('account.editTitle')}>
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <FormTextField
          label={t('account.fields.name')}
          name="name"
          value={name}
          onValueChange={setName}
          error={attempted && !nameOk}
          helperText={attempted && !nameOk ? t('account.nameRequired') : undefined}
          required
        />
        {CONTACTS.map((field) => {
          const options = memberOptions.some((option) => option.id === contacts[field])
            ? memberOptions
            : [...(contacts[field] ? [{ id: contacts[field], label: contacts[field] }] : []), ...memberOptions];
          return (
            <FormTextField
              key={field}
              select
              label={t(CONTACT_LABELS[field])}
              name={field}
              value={contacts[field]}
              onValueChange={(value) => setContacts((current) => ({ ...current, [field]: value }))}
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
        })}
        <Autocomplete
          options={zones}
          value={timeZone || null}
          onChange={(_event, value) => setTimeZone(value ?? '')}
          renderInput={(params) => <TextField {...params} label={t('account.fields.timeZone')} name="timeZone" />}
        />
        <Grid container spacing={2}>
          {THRESHOLDS.map((field) => (
            <Grid key={field} size={6}>
              <FormTextField
                label={t(THRESHOLD_LABELS[field])}
                name={field}
                type="number"
                value={thresholds[field]}
                onValueChange={(value) => setThresholds((current) => ({ ...current, [field]: value }))}
                error={showThresholdError}
                slotProps={THRESHOLD_SLOT_PROPS}
              />
            </Grid>
          ))}
        </Grid>
        {showThresholdError ? (
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
