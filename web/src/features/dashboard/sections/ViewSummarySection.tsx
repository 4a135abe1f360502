import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ASSET_STATUSES } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { statusKey } from '../../management/assets/AssetStatusChip';
import { useGetViewSummaryQuery } from '../../management/inventoryApi';
import { selectDashboardFilter } from '../dashboardFilterSlice';
import { timeHorizonKey } from '../timeHorizons';
import { DashboardSection } from './DashboardSection';

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid={testId}
      sx={{
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
      }}
    >
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h5" component="div">
        {t('dashboard.number', { value })}
      </Typography>
    </Box>
  );
}

/** The applied filter, and how many assets it matches by status (`GET views/summary`). */
export function ViewSummaryContent() {
  const { t } = useTranslation();
  const filter = useAppSelector(selectDashboardFilter);
  const { data, isLoading, isError } = useGetViewSummaryQuery({
    tagIds: filter.tags.map((tag) => tag.value),
    collectionIds: filter.collections.map((collection) => collection.value),
  });
  const labels = (options: { label: string }[]) =>
    options.length > 0 ? options.map((option) => option.label).join(', ') : t('dashboard.saveView.none');

  return (
    <>
      <Box component="dl" sx={{ m: 0, mb: 2, '& dd': { m: 0, mb: 1, overflowWrap: 'anywhere' } }}>
        <Typography component="dt" variant="caption" color="text.secondary">
          {t('dashboard.filters.collections')}
        </Typography>
        <Typography component="dd" variant="body2" data-testid="view-filter-collections">
          {labels(filter.collections)}
        </Typography>
        <Typography component="dt" variant="caption" color="text.secondary">
          {t('dashboard.filters.tags')}
        </Typography>
        <Typography component="dd" variant="body2" data-testid="view-filter-tags">
          {labels(filter.tags)}
        </Typography>
        <Typography component="dt" variant="caption" color="text.secondary">
          {t('dashboard.filters.timeHorizon')}
        </Typography>
        <Typography component="dd" variant="body2">
          {t(timeHorizonKey(filter.timeHorizon))}
        </Typography>
      </Box>
      {isLoading ? <Skeleton variant="rounded" height={72} /> : null}
      {isError ? <Alert severity="error">{t('dashboard.widgetError')}</Alert> : null}
      {data ? (
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(5, minmax(0, 1fr))' },
          }}
        >
          <Count label={t('dashboard.summary.total')} value={data.assetCount} testId="summary-total" />
          {ASSET_STATUSES.map((status) => (
            <Count
              key={status}
              label={t(statusKey(status))}
              value={data.byStatus[status]}
              testId={`summary-${status}`}
            />
          ))}
        </Box>
      ) : null}
    </>
  );
}

/** System Attributes of a view: its summary. */
export function ViewSummarySection() {
  const { t } = useTranslation();
  return (
    <DashboardSection title={t('dashboard.sections.systemAttributes')} testId="section-system-attributes">
      <ViewSummaryContent />
    </DashboardSection>
  );
}
