import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ASSET_STATUSES, type AssetStatus } from '@infra/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusKey } from './AssetStatusChip';

export interface BulkStatusBarProps {
  selectedCount: number;
  submitting: boolean;
  onApply: (status: AssetStatus) => void;
  onClear: () => void;
}

/** The bulk action of the selected assets: set one status for all of them (Admins). */
export function BulkStatusBar({ selectedCount, submitting, onApply, onClear }: BulkStatusBarProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AssetStatus | ''>('');
  return (
    <Stack
      direction="row"
      spacing={1.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'center', px: 2, py: 1.5, bgcolor: 'action.selected' }}
      data-testid="assets-bulk-bar"
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
        {t('management.assets.selected', { count: selectedCount })}
      </Typography>
      <TextField
        select
        size="small"
        label={t('management.assets.setStatus')}
        value={status}
        onChange={(event) => setStatus(event.target.value as AssetStatus)}
        sx={{ minWidth: 160 }}
        slotProps={{ htmlInput: { 'data-testid': 'assets-bulk-status' } }}
      >
        {ASSET_STATUSES.map((option) => (
          <MenuItem key={option} value={option}>
            {t(statusKey(option))}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        size="small"
        disabled={!status || submitting}
        onClick={() => status && onApply(status)}
        data-testid="assets-bulk-apply"
      >
        {t('management.assets.apply')}
      </Button>
      <Button size="small" onClick={onClear} disabled={submitting}>
        {t('management.assets.clearSelection')}
      </Button>
    </Stack>
  );
}
