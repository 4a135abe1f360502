import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type FormTextFieldProps = Omit<TextFieldProps<'outlined'>, 'value' | 'onChange' | 'fullWidth' | 'variant'> & {
  value: string;
  /** Called with the field's new text. */
  onValueChange: (value: string) => void;
};

/** A full-width, controlled text field of a form: holds a string and reports the new text on each change. */
export function FormTextField({ value, onValueChange, ...props }: FormTextFieldProps) {
  return <TextField {...props} value={value} onChange={(event) => onValueChange(event.target.value)} fullWidth />;
}
