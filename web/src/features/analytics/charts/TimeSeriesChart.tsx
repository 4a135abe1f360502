import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { LineChart } from '@mui/x-charts/LineChart';
import { useDrawingArea, useXScale, useYScale } from '@mui/x-charts/hooks';
import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalyticsFormat } from '../analyticsFormat';
import { ChartLegend, NoDataSwatch } from './ChartLegend';

export interface TimeSeriesLine {
  id: string;
  label: string;
  /** One value per bucket; null where no asset reported (drawn as a gap, never as zero). */
  data: (number | null)[];
  color?: string;
  /** Fill under the line. */
  area?: boolean;
  format: (value: number | null) => string;
}

export interface TimeSeriesChartProps {
  /** Bucket starts (ISO 8601, UTC). */
  times: string[];
  granularity: 'hour' | 'day';
  lines: TimeSeriesLine[];
  /** What the chart shows, for screen readers. */
  label: string;
  /** The value axis' title with its unit ("WCU", "Cost ($ per day)", "Utilization (%)"). */
  valueAxisLabel: string;
  /** The line whose highest value is labelled on the chart (its id); none when omitted. */
  peakLineId?: string;
  height?: number;
  /** Marks drawn over the lines (they may use the chart's scales). */
  children?: ReactNode;
  /** Legend entries under the chart besides "No data" (e.g. the business events drawn as bands). */
  legend?: ReactNode;
}

/** Runs of buckets in which every line is null, as index ranges `[from, to]`. */
export function missingRuns(lines: readonly { data: readonly (number | null)[] }[], count: number): [number, number][] {
  const runs: [number, number][] = [];
  for (let index = 0; index < count; index++) {
    if (!lines.every((line) => line.data[index] === null || line.data[index] === undefined)) continue;
    const last = runs[runs.length - 1];
    if (last && last[1] === index - 1) last[1] = index;
    else runs.push([index, index]);
  }
  return runs;
}

/** Whether the buckets span two calendar years (UTC): the tick labels then carry the year. */
export function spansYears(times: readonly string[]): boolean {
  if (times.length === 0) return false;
  return new Date(times[0]!).getUTCFullYear() !== new Date(times[times.length - 1]!).getUTCFullYear();
}

/** The smallest width, in pixels, at which a "No data" band is named inside the chart. */
const NAMED_BAND_MIN_WIDTH = 56;

/**
 * The buckets without data, hatched: from the last bucket with data before them to the first after them (where the
 * line stops), or to the chart's edge. Wide enough, a band says "No data" in the chart itself.
 */
function NoDataBands({
  dates,
  runs,
  label,
}: {
  dates: readonly Date[];
  runs: readonly [number, number][];
  label: string;
}) {
  const theme = useTheme();
  const x = useXScale<'time'>();
  const area = useDrawingArea();
  const pattern = `no-data-${useId().replace(/:/g, '')}`;
  if (runs.length === 0) return null;
  const left = area.left;
  const right = area.left + area.width;
  const stroke = alpha(theme.palette.text.primary, 0.16);
  return (
    <g data-testid="no-data-bands">
      <defs>
        <pattern id={pattern} width={6} height={6} patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width={6} height={6} fill={alpha(theme.palette.text.primary, 0.03)} />
          <line x1={0} y1={0} x2={0} y2={6} stroke={stroke} strokeWidth={1.5} />
        </pattern>
      </defs>
      {runs.map(([from, to]) => {
        const start = from > 0 ? x(dates[from - 1]!) : left;
        const end = to < dates.length - 1 ? x(dates[to + 1]!) : right;
        const width = Math.max(end - start, 2);
        return (
          <g key={from} data-testid="no-data-band" data-from={from} data-to={to}>
            <rect
              x={Math.min(start, right - width)}
              y={area.top}
              width={width}
              height={area.height}
              fill={`url(#${pattern})`}
            />
            {width >= NAMED_BAND_MIN_WIDTH ? (
              <text
                x={start + width / 2}
                y={area.top + area.height / 2}
                textAnchor="middle"
                dominantBaseline="middle"
                fontSize={12}
                fill={theme.palette.text.secondary}
                data-testid="no-data-band-label"
              >
                {label}
              </text>
            ) : null}
          </g>
        );
      })}
    </g>
  );
}

/** The highest value of a line, marked and labelled ("Max 12.3 WCU"), kept inside the drawing area. */
function PeakLabel({ dates, line, text }: { dates: readonly Date[]; line: TimeSeriesLine; text: string }) {
  const theme = useTheme();
  const x = useXScale<'time'>();
  const y = useYScale<'linear'>();
  const area = useDrawingArea();
  let peak = -1;
  line.data.forEach((value, index) => {
    if (value !== null && (peak < 0 || value > (line.data[peak] ?? -Infinity))) peak = index;
  });
  if (peak < 0) return null;
  const cx = x(dates[peak]!);
  const cy = y(line.data[peak]!);
  if (!Number.isFinite(cx) || !Number.isFinite(cy)) return null;
  // Right of the point in the left half, left of it in the right half; under it near the top.
  const anchor = cx > area.left + area.width / 2 ? 'end' : 'start';
  const dx = anchor === 'end' ? -6 : 6;
  const ty = cy - area.top < 14 ? cy + 14 : cy - 6;
  return (
    <g data-testid="peak-label">
      <circle cx={cx} cy={cy} r={3} fill={line.color ?? theme.palette.primary.main} />
      <text
        x={cx + dx}
        y={ty}
        textAnchor={anchor}
        fontSize={12}
        fontWeight={600}
        fill={theme.palette.text.primary}
        stroke={theme.palette.background.paper}
        strokeWidth={3}
        paintOrder="stroke"
      >
        {text}
      </text>
    </g>
  );
}

/**
 * Lines over the buckets of a horizon. Buckets without data are gaps in the lines and hatched "No data" (a lone bucket
 * between two gaps is a dot); the axes carry their titles and units; the highest value of `peakLineId` is labelled.
 * Its width is its parent's (no width given), so it fits a 390 px screen; the parent must allow shrinking
 * (`minWidth: 0` in grids and flex rows).
 */
export function TimeSeriesChart({
  times,
  granularity,
  lines,
  label,
  valueAxisLabel,
  peakLineId,
  height = 260,
  children,
  legend,
}: TimeSeriesChartProps) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const dates = useMemo(() => times.map((time) => new Date(time)), [times]);
  const runs = useMemo(() => missingRuns(lines, times.length), [lines, times.length]);
  const withYear = spansYears(times);
  const peakLine = lines.find((line) => line.id === peakLineId);
  const noData = t('analytics.chart.noData');
  return (
    <Box role="figure" aria-label={label} sx={{ width: '100%', minWidth: 0 }}>
      <LineChart
        height={height}
        margin={{ left: 4, right: 16, top: 12, bottom: 4 }}
        xAxis={[
          {
            scaleType: 'time',
            data: dates,
            // The horizon itself, not rounded out to the next "nice" date: the lines reach the right edge and the last
            // tick's label is not cut off.
            domainLimit: 'strict',
            valueFormatter: (date: Date, context) =>
              format.bucket(date, granularity, withYear || context.location !== 'tick'),
            tickNumber: 4,
            label: t(granularity === 'hour' ? 'analytics.chart.hourUtc' : 'analytics.chart.dayUtc'),
            height: 44,
          },
        ]}
        // The top of the scale is a labelled tick ("nice" limits), with room above it for the peak's label.
        yAxis={[{ width: 72, tickNumber: 4, label: valueAxisLabel, domainLimit: 'nice' }]}
        series={lines.map(({ id, label: name, data, color, area, format: formatValue }) => ({
          id,
          label: name,
          data,
          area,
          color,
          // A bucket with data between two without is no segment: a dot, or it would not show at all.
          showMark: ({ index }: { index: number }) =>
            data[index] !== null && (data[index - 1] ?? null) === null && (data[index + 1] ?? null) === null,
          connectNulls: false,
          valueFormatter: (value: number | null) => (value === null ? noData : formatValue(value)),
        }))}
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } } }}
        skipAnimation
      >
        <NoDataBands dates={dates} runs={runs} label={noData} />
        {children}
        {peakLine ? (
          <PeakLabel
            dates={dates}
            line={peakLine}
            text={t('analytics.chart.peak', {
              value: peakLine.format(Math.max(...peakLine.data.filter((value): value is number => value !== null))),
            })}
          />
        ) : null}
      </LineChart>
      {runs.length > 0 || legend ? (
        <ChartLegend>
          {runs.length > 0 ? (
            <NoDataSwatch label={noData} detail={noDataDetail(t, format, runs, times, granularity)} />
          ) : null}
          {legend}
        </ChartLegend>
      ) : null}
    </Box>
  );
}

/** What the hatching means where it matters: before the first data ("No data before Sep 3, 2026"). */
function noDataDetail(
  t: ReturnType<typeof useTranslation>['t'],
  format: ReturnType<typeof useAnalyticsFormat>,
  runs: readonly [number, number][],
  times: readonly string[],
  granularity: 'hour' | 'day',
): string | undefined {
  const first = runs[0];
  if (!first || first[0] !== 0 || first[1] >= times.length - 1) return undefined;
  return t('analytics.chart.noDataBefore', { date: format.bucket(times[first[1] + 1]!, granularity, true) });
}
