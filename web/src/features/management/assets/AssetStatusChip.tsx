import Chip, { type ChipProps } from '@mui/material/Chip';
import type { AssetStatus } from '@infra/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<AssetStatus, ChipProps['color']> = {
  active: 'success',
  offline: 'error',
  pending: 'warning',
  archived: 'default',
};

/** Translation key of an asset status (§3: active, offline, pending, archived). */
export const statusKey = (status: AssetStatus) => `management.status.${status}`;

export function AssetStatusChip({ status }: { status: AssetStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={t(statusKey(status))} />;
}
