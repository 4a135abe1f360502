import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface MultiSelectFilterProps<T extends string> {
  label: string;
  options: readonly T[];
  value: T[];
  onChange: (value: T[]) => void;
  /** The text of one option. */
  optionLabel: (option: T) => string;
  /** What an empty choice means, e.g. "All statuses". */
  emptyLabel: string;
  testId: string;
}

/** A compact select of several values for a table's filter bar (statuses of assets, of tags). */
export function MultiSelectFilter<T extends string>({
  label,
  options,
  value,
  onChange,
  optionLabel,
  emptyLabel,
  testId,
}: MultiSelectFilterProps<T>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        // MUI hands a multiple select's value as an array, or as text when autofill sets it.
        const next = event.target.value as unknown as T[] | string;
        onChange(typeof next === 'string' ? (next.split(',') as T[]) : next);
      }}
      sx={{ minWidth: { xs: '100%', sm: 200 } }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const chosen = selected as T[];
            return chosen.length === 0 ? emptyLabel : chosen.map(optionLabel).join(', ');
          },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
