import Box from '@mui/material/Box';
import { LineChart } from '@mui/x-charts/LineChart';
import { useMemo, type ReactNode } from 'react';
import { useAnalyticsFormat } from '../analyticsFormat';

export interface TimeSeriesLine {
  id: string;
  label: string;
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
  height?: number;
  /** Marks drawn over the lines (they may use the chart's scales). */
  children?: ReactNode;
}

/**
 * Lines over the buckets of a horizon. Its width is its parent's (no width given), so it fits a 390 px screen; the
 * parent must allow shrinking (`minWidth: 0` in grids and flex rows).
 */
export function TimeSeriesChart({ times, granularity, lines, label, height = 240, children }: TimeSeriesChartProps) {
  const format = useAnalyticsFormat();
  const dates = useMemo(() => times.map((time) => new Date(time)), [times]);
  return (
    <Box role="figure" aria-label={label} sx={{ width: '100%', minWidth: 0 }}>
      <LineChart
        height={height}
        margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
        xAxis={[
          {
            scaleType: 'time',
            data: dates,
            // The horizon itself, not rounded out to the next "nice" date: the lines reach the right edge and the last
            // tick's label is not cut off.
            domainLimit: 'strict',
            valueFormatter: (date: Date) => format.bucket(date, granularity),
            tickNumber: 4,
          },
        ]}
        yAxis={[{ width: 56, tickNumber: 4 }]}
        series={lines.map(({ id, label: name, data, color, area, format: formatValue }) => ({
          id,
          label: name,
          data,
          area,
          color,
          showMark: false,
          connectNulls: false,
          valueFormatter: (value: number | null) => formatValue(value),
        }))}
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'start' } } }}
        skipAnimation
      >
        {children}
      </LineChart>
    </Box>
  );
}
