import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { AssetUtilization, Stats, SystemUtilizationResponse } from '@infra/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactTable, type CompactColumn } from '../../../shared/components/CompactTable';
import { useGetSystemUtilizationQuery, type AnalysisResult } from '../analyticsApi';
import { useAnalyticsFormat } from '../analyticsFormat';
import { TimeSeriesChart } from '../charts/TimeSeriesChart';
import { AssetLink } from '../Figures';
import { AnalysisWidget, NoDataForPeriod, type AnalysisWidgetProps } from '../WidgetFrame';

const STATS: (keyof Stats)[] = ['avg', 'p95', 'max'];

/** avg, p95 and max of the cpu and memory utilization. */
function StatsTable({ cpu, memory }: { cpu: Stats; memory: Stats }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  return (
    // Scrolls inside the card rather than widening a phone's page; tighter cells let its four columns fit one.
    <Box sx={{ overflowX: 'auto', '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
      <Table size="small" aria-label={t('analytics.utilization.stats')} data-testid="utilization-stats">
        <TableHead>
          <TableRow>
            <TableCell>{t('analytics.utilization.resource')}</TableCell>
            {STATS.map((stat) => (
              <TableCell key={stat} align="right">
                {t(`analytics.stats.${stat}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(
            [
              ['cpu', cpu],
              ['memory', memory],
            ] as const
          ).map(([name, stats]) => (
            <TableRow key={name} data-testid={`utilization-${name}`}>
              <TableCell component="th" scope="row">
                {t(`analytics.utilization.${name}`)}
              </TableCell>
              {STATS.map((stat) => (
                <TableCell key={stat} align="right">
                  {format.percent(stats[stat])}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Each asset of a group with its statistics; the table scrolls inside the card. */
function PerAssetTable({ rows }: { rows: AssetUtilization[] }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const columns = useMemo<CompactColumn<AssetUtilization>[]>(() => {
    const stat = (resource: 'cpu' | 'memory', name: keyof Stats): CompactColumn<AssetUtilization> => ({
      id: `${resource}.${name}`,
      header: t('analytics.utilization.column', {
        resource: t(`analytics.utilization.${resource}`),
        stat: t(`analytics.stats.${name}`),
      }),
      numeric: true,
      width: 112,
      value: (row) => row[resource][name],
      format: (value) => format.percent(value),
    });
    return [
      {
        id: 'name',
        header: t('analytics.columns.asset'),
        value: (row) => row.name,
        render: (row) => <AssetLink id={row.assetId} name={row.name} />,
      },
      ...STATS.map((name) => stat('cpu', name)),
      ...STATS.map((name) => stat('memory', name)),
    ];
  }, [t, format]);
  return (
    <CompactTable
      rows={rows}
      rowId={(row) => row.assetId}
      columns={columns}
      ariaLabel={t('analytics.utilization.perAsset')}
      sx={{ mt: 2 }}
    />
  );
}

function UtilizationBody({ analysis }: { analysis: SystemUtilizationResponse }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const format = useAnalyticsFormat();
  if (!analysis.hasData) return <NoDataForPeriod horizon={analysis.horizon} />;
  return (
    <>
      <StatsTable cpu={analysis.cpu} memory={analysis.memory} />
      <TimeSeriesChart
        times={analysis.series.map((point) => point.time)}
        granularity={analysis.horizon.granularity}
        label={t('analytics.utilization.chart')}
        valueAxisLabel={t('analytics.chart.percentAxis')}
        peakLineId="cpu"
        lines={[
          {
            id: 'cpu',
            label: t('analytics.utilization.cpu'),
            data: analysis.series.map((point) => point.cpu),
            color: theme.palette.primary.main,
            format: format.percent,
          },
          {
            id: 'memory',
            label: t('analytics.utilization.memory'),
            data: analysis.series.map((point) => point.memory),
            color: theme.palette.secondary.main,
            format: format.percent,
          },
        ]}
      />
      {analysis.perAsset ? (
        <>
          <Typography variant="subtitle2" component="h4">
            {t('analytics.utilization.perAsset')}
          </Typography>
          <PerAssetTable rows={analysis.perAsset} />
        </>
      ) : null}
    </>
  );
}

/** System utilization (§2): cpu and memory over the horizon with avg, p95 and max; a group's assets in a grid. */
export function SystemUtilizationWidget({ args, skip }: AnalysisWidgetProps) {
  return (
    <AnalysisWidget<AnalysisResult<SystemUtilizationResponse>>
      titleKey="analytics.widgets.systemUtilization"
      testId="widget-system-utilization"
      args={args}
      skip={skip}
      height={280}
      useQuery={useGetSystemUtilizationQuery}
    >
      {({ analysis }) => <UtilizationBody analysis={analysis} />}
    </AnalysisWidget>
  );
}
