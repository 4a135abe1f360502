import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { useControlledText, type ControlledTextOptions } from '../useControlledText';
import { FormTextField, type FormTextFieldProps } from './FormTextField';

export type ControlledTextFieldProps<T extends FieldValues, N extends FieldPathByValue<T, string>> = Omit<
  FormTextFieldProps,
  keyof ControlledTextOptions<T, N> | 'value' | 'error' | 'helperText' | 'inputRef'
> &
  ControlledTextOptions<T, N>;

/**
 * A form's text field (FormTextField) bound to a field of react-hook-form, so that each form does not wire again the
 * value, the changes, the leaving and the error under it (translated, or `help` while there is none). `showError`
 * says when an error shows; the other props go to the TextField (a `select` takes its options as children).
 */
export function ControlledTextField<T extends FieldValues, N extends FieldPathByValue<T, string>>(
  props: ControlledTextFieldProps<T, N>,
) {
  // The field's props, and the others given.
  const textField = useControlledText(props);
  return <FormTextField {...textField} />;
}
