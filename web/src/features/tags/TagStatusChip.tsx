import Chip, { type ChipProps } from '@mui/material/Chip';
import type { TagStatus } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { tagStatusKey } from './tagRules';

const COLORS: Record<TagStatus, ChipProps['color']> = {
  Active: 'success',
  Offline: 'error',
  Pending: 'warning',
  Archived: 'default',
};

export function TagStatusChip({ status }: { status: TagStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={t(tagStatusKey(status))} />;
}
