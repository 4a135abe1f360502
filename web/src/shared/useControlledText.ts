import type { ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type RefCallBack,
  type UseControllerProps,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { shownError } from './forms';

/**
 * When a field's error shows: as soon as react-hook-form has one (`'always'`, the forms checked after submit have
 * none before); a missing value only once a submit was tried, any other problem at once (`'requiredAfterSubmit'`, see
 * `shownError`); or once the field has been left or a submit tried (`'onceLeft'`).
 */
export type ShowError = 'always' | 'requiredAfterSubmit' | 'onceLeft';

export interface ControlledTextOptions<T extends FieldValues, N extends FieldPathByValue<T, string>> {
  control: Control<T>;
  /** The field's path in the form's values (a text); also the input's `name` unless `unnamed`. */
  name: N;
  rules?: UseControllerProps<T, N>['rules'];
  /** Shown under the field while no error shows. */
  help?: ReactNode;
  showError?: ShowError;
  /** The text of a shown error from its message (a translation key by default, or the kind of problem). */
  errorText?: (message: string) => string | undefined;
  /** A message the server gave for the field's value (a taken name...), shown when the field's rules find none. */
  serverError?: string;
  /** Called with each new text, once the form holds it. */
  onValueChange?: (text: string) => void;
  /** Called once the field is left, after the form knows. */
  onBlur?: () => void;
  /** The input has no `name` attribute (a path such as rows.0.key, or a "name" the browser would autofill). */
  unnamed?: boolean;
}

/** The props a text field takes from a react-hook-form field. */
export interface ControlledText {
  name: string | undefined;
  value: string;
  onValueChange: (text: string) => void;
  onBlur: () => void;
  inputRef: RefCallBack;
  error: boolean;
  helperText: ReactNode;
}

/**
 * Binds a text field to a react-hook-form field: its value and changes, its leaving (touched) and input (focus), and
 * the error that shows under it (translated) or else the help. Returns the text field's props: the other props given
 * (label, slotProps...) with those of the form's field. Shared by ControlledTextField and the signed-out pages'
 * PlainTextField (which must not load MUI's TextField).
 */
export function useControlledText<T extends FieldValues, N extends FieldPathByValue<T, string>, P extends object>({
  control,
  name,
  rules,
  help,
  showError = 'always',
  errorText,
  serverError,
  onValueChange,
  onBlur,
  unnamed = false,
  ...props
}: ControlledTextOptions<T, N> & P): Omit<P, keyof ControlledTextOptions<T, N>> & ControlledText {
  const { t } = useTranslation();
  const {
    field,
    fieldState,
    formState: { isSubmitted },
  } = useController<T, N>({ control, name, rules });

  let message: string | undefined;
  if (showError !== 'onceLeft' || fieldState.isTouched || isSubmitted) {
    const own =
      showError === 'requiredAfterSubmit'
        ? shownError(fieldState.error, isSubmitted)
        : fieldState.error?.message || undefined;
    message = own ?? (serverError || undefined);
  }
  const text = message === undefined ? undefined : errorText ? errorText(message) : t(message);

  return {
    ...props,
    name: unnamed ? undefined : name,
    value: (field.value as string | undefined) ?? '',
    onValueChange: (value: string) => {
      field.onChange(value);
      onValueChange?.(value);
    },
    onBlur: () => {
      field.onBlur();
      onBlur?.();
    },
    inputRef: field.ref,
    error: text !== undefined,
    helperText: text ?? help,
  };
}
