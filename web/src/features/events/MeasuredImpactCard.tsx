import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BusinessEventImpactResponse, ImpactFigures, MeasuredImpact } from '@infra/contracts';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { useDataGridDefaults } from '../../shared/table';
import { useAnalyticsFormat, type AnalyticsFormat } from '../analytics/analyticsFormat';

type Quantity = keyof MeasuredImpact;
const QUANTITIES: Quantity[] = ['workloadHours', 'cost'];

/** A quantity's figures as shown: workload-hours in WCU-h, cost in money; changes signed. */
export function impactFormatters(format: AnalyticsFormat, currency: string) {
  const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text);
  return {
    workloadHours: {
      value: (value: number) => format.wcuHours(value),
      change: (value: number) => signed(format.wcuHours(value), value),
    },
    cost: {
      value: (value: number) => format.money(value, currency),
      change: (value: number) => format.moneyChange(value, currency),
    },
  } satisfies Record<Quantity, { value: (value: number) => string; change: (value: number) => string }>;
}

type TargetRow = BusinessEventImpactResponse['targets'][number] & { rowId: string };

/** Per assigned target: its assets, and each quantity during the event with its change against the baseline. */
function TargetsGrid({ impact }: { impact: BusinessEventImpactResponse }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const gridDefaults = useDataGridDefaults();
  const formatters = useMemo(() => impactFormatters(format, impact.currency), [format, impact.currency]);
  const rows = useMemo<TargetRow[]>(
    () => impact.targets.map((target) => ({ ...target, rowId: `${target.kind}:${target.id}` })),
    [impact.targets],
  );
  const columns = useMemo<GridColDef<TargetRow>[]>(
    () => [
      {
        field: 'kind',
        headerName: t('events.impact.kind'),
        width: 120,
        valueFormatter: (value: TargetRow['kind']) => t(`events.impact.kinds.${value}`),
      },
      { field: 'name', headerName: t('events.fields.name'), flex: 1, minWidth: 150 },
      { field: 'assetCount', headerName: t('events.fields.assets'), type: 'number', width: 90 },
      ...QUANTITIES.flatMap((quantity): GridColDef<TargetRow>[] => [
        {
          field: `${quantity}During`,
          headerName: t(`events.impact.columns.${quantity}During`),
          type: 'number',
          minWidth: 130,
          flex: 0.6,
          valueGetter: (_value, row) => row[quantity].during,
          valueFormatter: (value: number) => formatters[quantity].value(value),
        },
        {
          field: `${quantity}ChangePercent`,
          headerName: t(`events.impact.columns.${quantity}ChangePercent`),
          type: 'number',
          minWidth: 120,
          flex: 0.5,
          valueGetter: (_value, row) => row[quantity].changePercent,
          valueFormatter: (value: number | null) => format.percentChange(value),
        },
      ]),
    ],
    [t, format, formatters],
  );
  return (
    <Box data-testid="impact-targets" sx={{ minWidth: 0 }}>
      <DataGrid
        {...gridDefaults}
        rows={rows}
        columns={columns}
        getRowId={(row) => row.rowId}
        density="compact"
        autoHeight
        disableRowSelectionOnClick
        disableColumnMenu
        aria-label={t('events.impact.perTarget')}
        sx={{ border: 0 }}
      />
    </Box>
  );
}

/** The two measured quantities: baseline, during, change and change % (§ analytics: business event impact). */
function FiguresTable({ measured, currency }: { measured: MeasuredImpact; currency: string }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const formatters = impactFormatters(format, currency);
  const cells = (quantity: Quantity, figures: ImpactFigures) => [
    formatters[quantity].value(figures.baseline),
    formatters[quantity].value(figures.during),
    formatters[quantity].change(figures.change),
    format.percentChange(figures.changePercent),
  ];
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('events.impact.measured')} data-testid="impact-figures">
        <TableHead>
          <TableRow>
            <TableCell />
            {(['baseline', 'during', 'change', 'changePercent'] as const).map((column) => (
              <TableCell key={column} align="right">
                {t(`events.impact.figures.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {QUANTITIES.map((quantity) => (
            <TableRow key={quantity} data-testid={`impact-${quantity}`}>
              <TableCell component="th" scope="row">
                {t(`events.impact.quantities.${quantity}`)}
              </TableCell>
              {cells(quantity, measured[quantity]).map((text, index) => (
                <TableCell key={index} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {text}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export interface MeasuredImpactCardProps {
  impact: BusinessEventImpactResponse | undefined;
  /** Analytics has not measured the event yet (no answer, or `measuredAt` null): the page keeps asking. */
  measuring: boolean;
  failed: boolean;
  timeZone: string;
}

/** The measured impact of an event: "Measuring…" until analytics has measured it, then its figures and targets. */
export function MeasuredImpactCard({ impact, measuring, failed, timeZone }: MeasuredImpactCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  let body;
  if (failed) body = <Alert severity="error">{t('toast.queryError')}</Alert>;
  else if (measuring)
    body = (
      <Box data-testid="event-measuring" role="status" aria-live="polite">
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('events.impact.measuring')}
        </Typography>
        <LinearProgress />
      </Box>
    );
  else if (!impact?.measured) body = <Skeleton variant="rounded" height={120} />;
  else
    body = (
      <>
        <Typography variant="body2" color="text.secondary" data-testid="impact-baseline-window">
          {t('events.impact.baselineWindow', {
            start: format.dateTime(impact.baselineStartDate, timeZone),
            end: format.dateTime(impact.baselineEndDate, timeZone),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="impact-measured-at">
          {t('events.impact.measuredAt', { date: format.dateTime(impact.measuredAt, timeZone) })}
        </Typography>
        <FiguresTable measured={impact.measured} currency={impact.currency} />
        {impact.targets.length > 0 ? (
          <>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
              {t('events.impact.perTarget')}
            </Typography>
            <TargetsGrid impact={impact} />
          </>
        ) : null}
      </>
    );
  return (
    <Card component="section" aria-label={t('events.impact.measured')} data-testid="event-measured">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('events.impact.measured')}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
