import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LIMITS } from '@infra/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { eventFormIssues, hasFormIssues, type EventForm, type EventFormIssues } from './eventRules';
import { PickerLanguage, WallClockPicker } from './WallClockPicker';

export interface EventDetailsStepProps {
  form: EventForm;
  onChange: (form: EventForm) => void;
  timeZone: string;
  /** Rules the server found broken on the last save (a name taken), shown until the field changes. */
  serverIssues: EventFormIssues;
  submitting: boolean;
  /** Called with a form that keeps every rule. */
  onSubmit: () => void;
}

type Field = 'name' | 'description' | 'start' | 'end';

/**
 * The first step of Add Event and Edit Event: name, description, start and end date/time (wall clocks of the account's
 * time zone, typed or picked). Each rule of §5 shows under its field, in the contract's words, once the field has been left or Next tried.
 */
export function EventDetailsStep({
  form,
  onChange,
  timeZone,
  serverIssues,
  submitting,
  onSubmit,
}: EventDetailsStepProps) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState<Set<Field>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const issues = { ...serverIssues, ...eventFormIssues(form, timeZone) };
  const shown = (field: Field) => attempted || touched.has(field);
  const touch = (field: Field) => setTouched((current) => new Set(current).add(field));
  const set = (field: Field) => (text: string) => onChange({ ...form, [field]: text });

  const nameIssue = shown('name') && issues.name ? t(issues.name) : undefined;
  const descriptionIssue = shown('description') && issues.description ? t(issues.description) : undefined;
  // The dates' rule is one: it shows under the end once either date has been left.
  const datesIssue = (shown('start') || shown('end')) && issues.dates ? t(issues.dates) : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (!hasFormIssues(issues)) onSubmit();
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="event-details-form">
      <TextField
        label={t('events.fields.name')}
        value={form.name}
        onChange={(event) => set('name')(event.target.value)}
        onBlur={() => touch('name')}
        required
        error={nameIssue !== undefined}
        helperText={nameIssue ?? ' '}
        slotProps={{ htmlInput: { maxLength: LIMITS.eventNameMaxLength + 1, 'data-testid': 'event-name' } }}
      />
      <TextField
        label={t('events.fields.description')}
        value={form.description}
        onChange={(event) => set('description')(event.target.value)}
        onBlur={() => touch('description')}
        error={descriptionIssue !== undefined}
        helperText={descriptionIssue ?? ' '}
        slotProps={{
          htmlInput: { maxLength: LIMITS.eventDescriptionMaxLength + 1, 'data-testid': 'event-description' },
        }}
      />
      <PickerLanguage>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <WallClockPicker
            label={t('events.fields.start')}
            value={form.start}
            onChange={set('start')}
            onBlur={() => touch('start')}
            error={datesIssue !== undefined}
            helperText={t('events.details.timeZone', { timeZone })}
            testId="event-start"
          />
          <WallClockPicker
            label={t('events.fields.end')}
            value={form.end}
            onChange={set('end')}
            onBlur={() => touch('end')}
            error={datesIssue !== undefined}
            helperText={datesIssue ?? ' '}
            testId="event-end"
          />
        </Stack>
      </PickerLanguage>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={ROUTES.adminEvents}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={submitting} data-testid="event-details-next">
          {t('events.details.next')}
        </Button>
      </Stack>
    </Stack>
  );
}
