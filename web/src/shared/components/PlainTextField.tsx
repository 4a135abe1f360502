import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type FocusEventHandler, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface PlainTextFieldProps {
  label: string;
  name: string;
  value: string;
  /** Called with the field's new text. */
  onValueChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  inputRef?: Ref<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** Attributes of the <input> itself. */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * An outlined, full-width text field built as MUI's TextField builds it (same markup, label and helper-text
 * wiring), for the signed-out pages: TextField also imports the select variant (Select, Menu, Popover, Modal,
 * the filled and standard inputs), about a third of the sign-in page's MUI code, which these forms never use.
 */
export function PlainTextField({
  label,
  helperText,
  htmlInput,
  onValueChange,
  error = false,
  ...input
}: PlainTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" fullWidth error={error} required={input.required}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        aria-describedby={helperTextId}
        inputProps={htmlInput}
        onChange={(event) => onValueChange(event.target.value)}
        fullWidth
      />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
