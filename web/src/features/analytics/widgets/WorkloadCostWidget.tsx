import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTheme } from '@mui/material/styles';
import type { CostAnalysisResponse, CostBreakdownItem } from '@infra/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol } from '../../../shared/format';
import { CompactTable, type CompactColumn } from '../../../shared/components/CompactTable';
import { useGetCostAnalysisQuery, type AnalysisResult, type AnalysisScope } from '../analyticsApi';
import { useAnalyticsFormat } from '../analyticsFormat';
import { TargetEventBands, TargetEventLegend } from '../charts/BusinessEventBands';
import { TimeSeriesChart } from '../charts/TimeSeriesChart';
import { Figure, Figures } from '../Figures';
import { AnalysisWidget, NoDataForPeriod, type AnalysisWidgetProps } from '../WidgetFrame';

type Breakdown = 'byTag' | 'byCollection';

/** The cost broken down by tag or by collection, in a small table that scrolls inside the card. */
function BreakdownTable({ analysis }: { analysis: CostAnalysisResponse }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const [breakdown, setBreakdown] = useState<Breakdown>('byTag');
  const columns = useMemo<CompactColumn<CostBreakdownItem>[]>(
    () => [
      { id: 'label', header: t(`analytics.cost.${breakdown}`), value: (row) => row.label },
      {
        id: 'cost',
        header: t('analytics.cost.cost'),
        numeric: true,
        width: 120,
        value: (row) => row.cost,
        format: (value) => format.money(value, analysis.currency),
      },
      {
        id: 'idleCost',
        header: t('analytics.cost.idleCost'),
        numeric: true,
        width: 120,
        value: (row) => row.idleCost,
        format: (value) => format.money(value, analysis.currency),
      },
    ],
    [t, format, breakdown, analysis.currency],
  );
  return (
    <>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={breakdown}
        onChange={(_event, value: Breakdown | null) => value && setBreakdown(value)}
        aria-label={t('analytics.cost.breakdown')}
        sx={{ mt: 2 }}
      >
        <ToggleButton value="byTag">{t('analytics.cost.byTag')}</ToggleButton>
        <ToggleButton value="byCollection">{t('analytics.cost.byCollection')}</ToggleButton>
      </ToggleButtonGroup>
      <Box data-testid="cost-breakdown" sx={{ minWidth: 0 }}>
        <CompactTable
          rows={analysis[breakdown]}
          rowId={(row) => row.id}
          columns={columns}
          ariaLabel={t(`analytics.cost.${breakdown}`)}
        />
      </Box>
    </>
  );
}

function CostBody({ analysis, scope }: { analysis: CostAnalysisResponse; scope: AnalysisScope }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const format = useAnalyticsFormat();
  const money = (value: number | null) => format.money(value, analysis.currency);
  // A bucket's cost may be cents or less (an hour of a small asset): as many digits as it needs.
  const bucketMoney = (value: number | null) => format.moneyPrecise(value, analysis.currency);
  if (!analysis.hasData) return <NoDataForPeriod horizon={analysis.horizon} />;
  const { granularity } = analysis.horizon;
  return (
    <>
      <Figures>
        <Figure label={t('analytics.cost.cost')} value={money(analysis.cost)} testId="cost-total" />
        <Figure label={t('analytics.cost.idleCost')} value={money(analysis.idleCost)} testId="cost-idle" />
        <Figure
          label={t('analytics.cost.perWcuHourUsed')}
          value={format.unitCost(analysis.costPerWcuHourUsed, analysis.currency)}
          testId="cost-per-wcu-hour"
        />
        <Figure label={t('analytics.unitCost.target')} value={format.unitCost(analysis.unitCost, analysis.currency)} />
      </Figures>
      <TimeSeriesChart
        times={analysis.series.map((point) => point.time)}
        granularity={granularity}
        label={t('analytics.cost.chart')}
        valueAxisLabel={t(granularity === 'hour' ? 'analytics.chart.costHourAxis' : 'analytics.chart.costDayAxis', {
          symbol: currencySymbol(analysis.currency),
        })}
        peakLineId="cost"
        legend={<TargetEventLegend scope={scope} horizon={analysis.horizon} />}
        lines={[
          {
            id: 'cost',
            label: t('analytics.cost.cost'),
            data: analysis.series.map((point) => point.cost),
            color: theme.palette.primary.main,
            area: true,
            format: bucketMoney,
          },
          {
            id: 'idleCost',
            label: t('analytics.cost.idleCost'),
            data: analysis.series.map((point) => point.idleCost),
            color: theme.palette.warning.main,
            format: bucketMoney,
          },
        ]}
      >
        <TargetEventBands scope={scope} horizon={analysis.horizon} />
      </TimeSeriesChart>
      <BreakdownTable analysis={analysis} />
    </>
  );
}

/**
 * Workload cost analysis (§2): cost and idle cost over the horizon, their totals, what a WCU-hour used cost, and the
 * breakdown by tag and by collection.
 */
export function WorkloadCostWidget({ args, skip }: AnalysisWidgetProps) {
  return (
    <AnalysisWidget<AnalysisResult<CostAnalysisResponse>>
      titleKey="analytics.widgets.workloadCost"
      testId="widget-workload-cost"
      args={args}
      skip={skip}
      height={280}
      useQuery={useGetCostAnalysisQuery}
    >
      {({ analysis }) => <CostBody analysis={analysis} scope={args.scope} />}
    </AnalysisWidget>
  );
}
