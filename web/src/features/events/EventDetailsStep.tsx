import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LIMITS } from '@infra/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { ControlledTextField } from '../../shared/components/ControlledTextField';
import { CHECKED_AS_LEFT, fieldRule } from '../../shared/forms';
import { eventFormIssues, hasFormIssues, type EventForm, type EventFormIssues } from './eventRules';
import { StepForm } from './StepForm';
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
  // The wizard owns the form (Next saves it, Back from the next step shows it again): the step checks a copy that
  // starts from it and reports each change to it.
  const {
    control,
    handleSubmit,
    getValues,
    formState: { isSubmitted, touchedFields, errors },
  } = useForm<EventForm>({ ...CHECKED_AS_LEFT, defaultValues: form });
  const issues = (values: EventForm) => eventFormIssues(values, timeZone);
  /** Reports a field's new text to the wizard, once the step's form holds it. */
  const report = (field: keyof EventForm) => (text: string) => onChange({ ...getValues(), [field]: text });
  const reporting = (field: keyof EventForm, onFieldChange: (text: string) => void) => (text: string) => {
    onFieldChange(text);
    report(field)(text);
  };
  /** A rule broken on the last save shows until its field changes (the wizard drops it then), after the form's own. */
  const issueText = (shown: boolean, issue: string | undefined, serverIssue?: string) => {
    const key = issue ?? serverIssue;
    return shown && key ? t(key) : undefined;
  };
  // The dates' rule is one, kept by the end's field: it shows under the end once either date has been left.
  const datesIssue = issueText(
    isSubmitted || touchedFields.start === true || touchedFields.end === true,
    errors.end?.message,
    serverIssues.dates,
  );

  const submit = handleSubmit(() => {
    if (!hasFormIssues(serverIssues)) onSubmit();
  });

  return (
    <StepForm onSubmit={submit} testId="event-details-form">
      <ControlledTextField
        control={control}
        name="name"
        unnamed
        rules={{ validate: fieldRule(issues, 'name') }}
        showError="onceLeft"
        serverError={serverIssues.name}
        help=" "
        onValueChange={report('name')}
        label={t('events.fields.name')}
        required
        slotProps={{ htmlInput: { maxLength: LIMITS.eventNameMaxLength + 1, 'data-testid': 'event-name' } }}
      />
      <ControlledTextField
        control={control}
        name="description"
        unnamed
        rules={{ validate: fieldRule(issues, 'description') }}
        showError="onceLeft"
        help=" "
        onValueChange={report('description')}
        label={t('events.fields.description')}
        slotProps={{
          htmlInput: { maxLength: LIMITS.eventDescriptionMaxLength + 1, 'data-testid': 'event-description' },
        }}
      />
      <PickerLanguage>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Controller
            control={control}
            name="start"
            rules={{ deps: 'end' }}
            render={({ field }) => (
              <WallClockPicker
                label={t('events.fields.start')}
                value={field.value}
                onChange={reporting('start', field.onChange)}
                onBlur={field.onBlur}
                error={datesIssue !== undefined}
                helperText={t('events.details.timeZone', { timeZone })}
                testId="event-start"
              />
            )}
          />
          <Controller
            control={control}
            name="end"
            rules={{ validate: fieldRule(issues, 'dates') }}
            render={({ field }) => (
              <WallClockPicker
                label={t('events.fields.end')}
                value={field.value}
                onChange={reporting('end', field.onChange)}
                onBlur={field.onBlur}
                error={datesIssue !== undefined}
                helperText={datesIssue ?? ' '}
                testId="event-end"
              />
            )}
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
    </StepForm>
  );
}
