import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type AutocompleteInputProps = Pick<
  TextFieldProps<'outlined'>,
  'label' | 'placeholder' | 'helperText' | 'error' | 'required'
> & {
  /** What the Autocomplete gives its `renderInput`. */
  params: AutocompleteRenderInputParams;
  /** The <input>'s data-testid. */
  testId: string;
};

/**
 * The text field of an Autocomplete (its `renderInput`): the Autocomplete's props moved to MUI 7's slots, and a test
 * id on the <input> itself.
 */
export function AutocompleteInput({
  params: { InputProps, inputProps, InputLabelProps, ...params },
  testId,
  ...props
}: AutocompleteInputProps) {
  return (
    <TextField
      {...params}
      {...props}
      slotProps={{
        input: InputProps,
        inputLabel: InputLabelProps,
        htmlInput: { ...inputProps, 'data-testid': testId },
      }}
    />
  );
}
