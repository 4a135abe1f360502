import { useTheme } from '@mui/material/styles';
import type { WorkloadResponse } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { useGetWorkloadQuery, type AnalysisResult, type AnalysisScope } from '../analyticsApi';
import { useAnalyticsFormat } from '../analyticsFormat';
import { TargetEventBands, TargetEventLegend } from '../charts/BusinessEventBands';
import { TimeSeriesChart } from '../charts/TimeSeriesChart';
import { Figure, Figures } from '../Figures';
import { AnalysisWidget, NoDataForPeriod, type AnalysisWidgetProps } from '../WidgetFrame';

function WorkloadBody({ analysis, scope }: { analysis: WorkloadResponse; scope: AnalysisScope }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const format = useAnalyticsFormat();
  if (!analysis.hasData) return <NoDataForPeriod horizon={analysis.horizon} />;
  const { granularity } = analysis.horizon;
  return (
    <>
      <Figures>
        <Figure
          label={t('analytics.workload.utilization')}
          value={format.percent(analysis.utilization)}
          testId="workload-utilization"
        />
        <Figure label={t('analytics.workload.capacityHours')} value={format.wcuHours(analysis.capacityHours)} />
        <Figure label={t('analytics.workload.workloadHours')} value={format.wcuHours(analysis.workloadHours)} />
      </Figures>
      <TimeSeriesChart
        times={analysis.series.map((point) => point.time)}
        granularity={granularity}
        label={t('analytics.workload.chart')}
        valueAxisLabel={t(
          granularity === 'hour' ? 'analytics.chart.workloadAxis' : 'analytics.chart.workloadDailyAxis',
        )}
        peakLineId="workload"
        legend={<TargetEventLegend scope={scope} horizon={analysis.horizon} />}
        lines={[
          {
            id: 'capacity',
            label: t('analytics.workload.capacity'),
            data: analysis.series.map((point) => point.capacity),
            color: theme.palette.grey[500],
            format: format.wcu,
          },
          {
            id: 'workload',
            label: t('analytics.workload.workload'),
            data: analysis.series.map((point) => point.workload),
            color: theme.palette.primary.main,
            area: true,
            format: format.wcu,
          },
        ]}
      >
        <TargetEventBands scope={scope} horizon={analysis.horizon} />
      </TimeSeriesChart>
    </>
  );
}

/** Workload capacity analysis (§2): capacity against workload in WCU, and the utilization of the horizon. */
export function WorkloadCapacityWidget({ args, skip }: AnalysisWidgetProps) {
  return (
    <AnalysisWidget<AnalysisResult<WorkloadResponse>>
      titleKey="analytics.widgets.workloadCapacity"
      testId="widget-workload-capacity"
      args={args}
      skip={skip}
      height={280}
      useQuery={useGetWorkloadQuery}
    >
      {({ analysis }) => <WorkloadBody analysis={analysis} scope={args.scope} />}
    </AnalysisWidget>
  );
}
