import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useId } from 'react';

export interface SelectionOption {
  id: string;
  name: string;
}

export interface SelectionDropdownProps {
  label: string;
  /** Shown (disabled) when there is nothing to choose, e.g. "No Accounts Found". */
  emptyText: string;
  options: SelectionOption[];
  value: string;
  onChange: (id: string) => void;
  testId?: string;
}

/** A compact header dropdown for the account or the organization. */
export function SelectionDropdown({ label, emptyText, options, value, onChange, testId }: SelectionDropdownProps) {
  const labelId = useId();
  const empty = options.length === 0;
  const selected = options.some((option) => option.id === value) ? value : '';
  return (
    <FormControl
      size="small"
      sx={{ minWidth: { xs: 0, sm: 180 }, maxWidth: 240 }}
      disabled={empty}
      data-testid={testId}
    >
      <InputLabel id={labelId} shrink>
        {label}
      </InputLabel>
      <Select
        labelId={labelId}
        label={label}
        notched
        value={empty ? '' : selected}
        displayEmpty
        renderValue={(id: string) => (empty ? emptyText : (options.find((option) => option.id === id)?.name ?? ''))}
        onChange={(event) => onChange(event.target.value)}
        sx={{ '& .MuiSelect-select': { overflow: 'hidden', textOverflow: 'ellipsis' } }}
      >
        {empty ? (
          <MenuItem value="" disabled>
            {emptyText}
          </MenuItem>
        ) : (
          options.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))
        )}
      </Select>
    </FormControl>
  );
}
