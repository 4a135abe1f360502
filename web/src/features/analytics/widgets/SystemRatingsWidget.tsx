import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type {
  AssetRatings,
  RatingInputs,
  RatingValues,
  SystemRatingsResponse,
  UnitCostComparison,
} from '@infra/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactTable, type CompactColumn } from '../../../shared/components/CompactTable';
import { useGetSystemRatingsQuery, type AnalysisResult } from '../analyticsApi';
import { useAnalyticsFormat, type AnalyticsFormat } from '../analyticsFormat';
import { AssetLink, Figure, Figures } from '../Figures';
import { AnalysisWidget, type AnalysisWidgetProps } from '../WidgetFrame';

/** The flags that lowered a data health: no sample in the last 24 h, a CPU speed assumed. */
function Flags({ inputs }: { inputs: Pick<RatingInputs, 'stale' | 'assumedSpeed'> }) {
  const { t } = useTranslation();
  if (!inputs.stale && !inputs.assumedSpeed) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {inputs.stale ? (
        <Chip size="small" color="warning" variant="outlined" label={t('analytics.inputs.stale')} />
      ) : null}
      {inputs.assumedSpeed ? (
        <Chip size="small" color="warning" variant="outlined" label={t('analytics.inputs.assumedSpeed')} />
      ) : null}
    </Box>
  );
}

/** The inputs of an asset's ratings: enough to recompute them by hand (analytics.md). */
function InputsPanel({ inputs }: { inputs: RatingInputs }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const { min, max } = inputs.thresholds;
  return (
    <Box data-testid="rating-inputs">
      <Figures>
        <Figure label={t('analytics.inputs.hours')} value={format.hours(inputs.hours)} testId="input-hours" />
        <Figure label={t('analytics.inputs.expectedHours')} value={format.hours(inputs.expectedHours)} />
        <Figure label={t('analytics.inputs.hoursInBand', { min, max })} value={format.hours(inputs.hoursInBand)} />
        <Figure label={t('analytics.inputs.hoursOverMax', { max })} value={format.hours(inputs.hoursOverMax)} />
        <Figure label={t('analytics.inputs.meanWorkload')} value={format.wcu(inputs.meanWorkload)} />
        <Figure label={t('analytics.inputs.sdWorkload')} value={format.wcu(inputs.sdWorkload)} />
        <Figure label={t('analytics.inputs.hoursWithCost')} value={format.hours(inputs.hoursWithCost)} />
        <Figure label={t('analytics.inputs.capacity')} value={format.wcu(inputs.wcu)} />
      </Figures>
      <Box sx={{ mt: 1 }}>
        <Flags inputs={inputs} />
      </Box>
    </Box>
  );
}

/** The unit cost ($ per WCU-hour) beside the site's, another site's, the peers' and the industry's. */
function UnitCostPanel({ unitCost }: { unitCost: UnitCostComparison }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const money = (value: number | null) => format.unitCost(value, unitCost.currency);
  return (
    <Box data-testid="unit-cost">
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2, mb: 1 }}>
        {t('analytics.unitCost.title')}
      </Typography>
      <Figures>
        <Figure label={t('analytics.unitCost.target')} value={money(unitCost.unitCost)} testId="unit-cost-target" />
        <Figure label={t('analytics.unitCost.site')} value={money(unitCost.site)} />
        <Figure
          label={
            unitCost.alternateSite
              ? t('analytics.unitCost.alternateSiteNamed', { site: unitCost.alternateSite.site })
              : t('analytics.unitCost.alternateSite')
          }
          value={money(unitCost.alternateSite?.unitCost ?? null)}
        />
        <Figure label={t('analytics.unitCost.peer')} value={money(unitCost.peer)} />
        <Figure label={t('analytics.unitCost.industry')} value={money(unitCost.industry)} />
      </Figures>
    </Box>
  );
}

function lowestColumns(t: (key: string) => string, format: AnalyticsFormat): CompactColumn<AssetRatings>[] {
  const rating = (field: keyof RatingValues, key: string): CompactColumn<AssetRatings> => ({
    id: field,
    header: t(key),
    numeric: true,
    width: 104,
    value: (row) => row[field],
    format: (value) => format.rating(value),
  });
  const input = (
    field: 'hours' | 'expectedHours' | 'hoursInBand' | 'hoursOverMax' | 'hoursWithCost' | 'meanWorkload' | 'sdWorkload',
    key: string,
    show: (value: number | null) => string,
  ): CompactColumn<AssetRatings> => ({
    id: `inputs.${field}`,
    header: t(key),
    numeric: true,
    width: 120,
    value: (row) => row.inputs[field],
    format: show,
  });
  const hours = (value: number | null) => format.number(value);
  return [
    {
      id: 'name',
      header: t('analytics.columns.asset'),
      value: (row) => row.name,
      render: (row) => <AssetLink id={row.assetId} name={row.name} />,
    },
    rating('infraRating', 'analytics.ratings.infraRating'),
    rating('risk', 'analytics.ratings.risk'),
    rating('optimization', 'analytics.ratings.optimization'),
    rating('volatility', 'analytics.ratings.volatility'),
    rating('dataHealth', 'analytics.ratings.dataHealth'),
    input('hours', 'analytics.inputs.hours', hours),
    input('expectedHours', 'analytics.inputs.expectedHours', hours),
    input('hoursInBand', 'analytics.columns.hoursInBand', hours),
    input('hoursOverMax', 'analytics.columns.hoursOverMax', hours),
    input('hoursWithCost', 'analytics.inputs.hoursWithCost', hours),
    input('meanWorkload', 'analytics.inputs.meanWorkload', (value) => format.wcu(value)),
    input('sdWorkload', 'analytics.inputs.sdWorkload', (value) => format.wcu(value)),
    {
      id: 'flags',
      header: t('analytics.columns.flags'),
      width: 200,
      sortable: false,
      value: () => null,
      render: (row) => <Flags inputs={row.inputs} />,
    },
  ];
}

/** A group's lowest InfraRatings with their inputs; the table scrolls inside the card. */
function LowestTable({ rows }: { rows: AssetRatings[] }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const columns = useMemo(() => lowestColumns(t, format), [t, format]);
  return (
    <CompactTable
      rows={rows}
      rowId={(row) => row.assetId}
      columns={columns}
      ariaLabel={t('analytics.ratings.lowest')}
    />
  );
}

function SystemRatingsBody({ analysis }: { analysis: SystemRatingsResponse }) {
  const { t } = useTranslation();
  return (
    <>
      {analysis.inputs ? <InputsPanel inputs={analysis.inputs} /> : null}
      {analysis.lowest ? (
        <>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
            {t('analytics.ratings.lowest')}
          </Typography>
          <LowestTable rows={analysis.lowest} />
        </>
      ) : null}
      <UnitCostPanel unitCost={analysis.unitCost} />
    </>
  );
}

/**
 * System ratings (§2) with what they came from: an asset's rating inputs (hours counted, in band, over max, μ and σ
 * of its workload, expected hours, hours with cost, flags); a group's lowest-rated assets with theirs; and the unit
 * cost beside the site, alternate site, peer and industry ones.
 */
export function SystemRatingsWidget({ args, skip }: AnalysisWidgetProps) {
  return (
    <AnalysisWidget<AnalysisResult<SystemRatingsResponse>>
      titleKey="analytics.widgets.systemRatings"
      testId="widget-system-ratings"
      args={args}
      skip={skip}
      useQuery={useGetSystemRatingsQuery}
    >
      {({ analysis }) => <SystemRatingsBody analysis={analysis} />}
    </AnalysisWidget>
  );
}
