import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { frFR } from '@mui/x-date-pickers/locales';
import { format, isValid, parse } from 'date-fns';
import { enUS, fr } from 'date-fns/locale';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readerLanguage } from '../../i18n/readerLanguage';

/** The form's wall-clock text (`YYYY-MM-DDTHH:mm`, in the account's zone; eventRules turns it into an instant). */
const WALL_CLOCK = "yyyy-MM-dd'T'HH:mm";

const PICKER_LANGUAGES = {
  en: { locale: enUS, texts: undefined },
  fr: { locale: fr, texts: frFR.components.MuiLocalizationProvider.defaultProps.localeText },
};

/** The pickers of a form, in the reader's language (day and month order, 12 or 24 hours, the buttons' texts). */
export function PickerLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { locale, texts } = PICKER_LANGUAGES[readerLanguage(i18n)];
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={locale} localeText={texts}>
      {children}
    </LocalizationProvider>
  );
}

function dateOf(text: string): Date | null {
  const date = text ? parse(text, WALL_CLOCK, new Date()) : null;
  return date && isValid(date) ? date : null;
}

export interface WallClockPickerProps {
  label: string;
  /** `YYYY-MM-DDTHH:mm`, or empty. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: boolean;
  helperText: string;
  testId: string;
}

/**
 * A date and time of day as a wall clock (the zone is the account's, said in the helper text), typed or picked. The
 * picker's own value is kept here while it is being typed: a half-typed date is no date for the form (empty), and
 * handing that back would clear what the user typed so far.
 */
export function WallClockPicker({ label, value, onChange, onBlur, error, helperText, testId }: WallClockPickerProps) {
  const [date, setDate] = useState<Date | null>(() => dateOf(value));
  const emitted = useRef(value);
  useEffect(() => {
    // A value set from outside (an event loaded for editing), not the echo of our own change.
    if (value !== emitted.current) {
      emitted.current = value;
      setDate(dateOf(value));
    }
  }, [value]);
  return (
    <DateTimePicker
      label={label}
      value={date}
      onChange={(next) => {
        setDate(next);
        const text = next && isValid(next) ? format(next, WALL_CLOCK) : '';
        emitted.current = text;
        onChange(text);
      }}
      onClose={onBlur}
      // A phone-wide window gets the dialog even with a mouse: the desktop popper is wider than 390 px.
      desktopModeMediaQuery="@media (pointer: fine) and (min-width: 600px)"
      enableAccessibleFieldDOMStructure={false}
      slotProps={{
        textField: {
          required: true,
          fullWidth: true,
          error,
          helperText,
          onBlur,
          inputProps: { 'data-testid': testId },
        },
      }}
    />
  );
}
