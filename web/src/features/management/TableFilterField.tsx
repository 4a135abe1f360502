import SearchOutlined from '@mui/icons-material/SearchOutlined';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { TABLE_TEXT_KEYS } from '../../shared/table';

export interface TableFilterFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** data-testid of the input. */
  testId: string;
}

/** A table's text filter (§2): labelled "Filter:" with the placeholder "type string...". */
export function TableFilterField({ value, onChange, testId }: TableFilterFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      type="search"
      label={t(TABLE_TEXT_KEYS.filterLabel)}
      placeholder={t(TABLE_TEXT_KEYS.filterPlaceholder)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: { xs: '100%', sm: 240 } }}
      slotProps={{
        htmlInput: { 'data-testid': testId, maxLength: 200 },
        inputLabel: { shrink: true },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
