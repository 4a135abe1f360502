import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { WorkloadGapResponse } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { useGetWorkloadGapQuery, type AnalysisResult } from '../analyticsApi';
import { useAnalyticsFormat } from '../analyticsFormat';
import { GapMarks } from '../charts/GapMarks';
import { TimeSeriesChart } from '../charts/TimeSeriesChart';
import { Figure, Figures } from '../Figures';
import { AnalysisWidget, NoDataForPeriod, type AnalysisWidgetProps } from '../WidgetFrame';

function GapBody({ analysis }: { analysis: WorkloadGapResponse }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const format = useAnalyticsFormat();
  const { summary, thresholds, series } = analysis;
  const bound = theme.palette.success.main;
  if (!analysis.hasData) return <NoDataForPeriod horizon={analysis.horizon} />;
  const { granularity } = analysis.horizon;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('analytics.gap.band', { min: thresholds.min, max: thresholds.max })}
      </Typography>
      <Figures>
        <Figure
          label={t(
            analysis.horizon.granularity === 'hour' ? 'analytics.gap.hoursOutOfBand' : 'analytics.gap.daysOutOfBand',
          )}
          value={format.number(summary.bucketsOutOfBand)}
          testId="gap-out-of-band-count"
        />
        <Figure label={t('analytics.gap.above')} value={format.wcuHours(summary.gapAbove)} testId="gap-above" />
        <Figure label={t('analytics.gap.below')} value={format.wcuHours(summary.gapBelow)} testId="gap-below" />
        <Figure label={t('analytics.gap.capacity')} value={format.wcu(summary.capacity)} />
        <Figure
          label={t('analytics.gap.rightSize')}
          value={format.wcu(summary.rightSizeCapacity)}
          testId="gap-right-size"
        />
      </Figures>
      <TimeSeriesChart
        times={series.map((point) => point.time)}
        granularity={granularity}
        label={t('analytics.gap.chart')}
        valueAxisLabel={t(
          granularity === 'hour' ? 'analytics.chart.workloadAxis' : 'analytics.chart.workloadDailyAxis',
        )}
        peakLineId="workload"
        lines={[
          {
            id: 'upper',
            label: t('analytics.gap.upper', { max: thresholds.max }),
            data: series.map((point) => point.upper),
            color: bound,
            format: format.wcu,
          },
          {
            id: 'lower',
            label: t('analytics.gap.lower', { min: thresholds.min }),
            data: series.map((point) => point.lower),
            color: bound,
            format: format.wcu,
          },
          {
            id: 'workload',
            label: t('analytics.workload.workload'),
            data: series.map((point) => point.workload),
            color: theme.palette.primary.main,
            format: format.wcu,
          },
        ]}
      >
        <GapMarks points={series} />
      </TimeSeriesChart>
    </>
  );
}

/**
 * Capacity gap analysis (§2): the workload against the band of the account's thresholds (shaded), a red dot on each
 * bucket out of band, the gaps above and below in WCU-hours, and the right-size capacity.
 */
export function CapacityGapWidget({ args, skip }: AnalysisWidgetProps) {
  return (
    <AnalysisWidget<AnalysisResult<WorkloadGapResponse>>
      titleKey="analytics.widgets.capacityGap"
      testId="widget-capacity-gap"
      args={args}
      skip={skip}
      height={280}
      useQuery={useGetWorkloadGapQuery}
    >
      {({ analysis }) => <GapBody analysis={analysis} />}
    </AnalysisWidget>
  );
}
