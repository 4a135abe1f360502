import { useTheme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';
import { useXScale, useYScale } from '@mui/x-charts/hooks';
import type { GapPoint } from '@infra/contracts';

/**
 * The capacity gap marks, drawn with the chart's own scales: the band `lower … upper` shaded where there is data, and
 * a red dot on each bucket out of band (§2).
 */
export function GapMarks({ points }: { points: readonly GapPoint[] }) {
  const theme = useTheme();
  const x = useXScale<'time'>();
  const y = useYScale<'linear'>();
  // The band is drawn over each run of buckets with data: a bucket without data has no capacity, hence no band.
  const runs: GapPoint[][] = [];
  let run: GapPoint[] = [];
  for (const point of points) {
    if (point.lower === null || point.upper === null) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else run.push(point);
  }
  if (run.length > 0) runs.push(run);
  if (runs.length === 0) return null;
  const at = (point: GapPoint, value: number) => `${x(new Date(point.time))},${y(value)}`;
  const bandOf = (bucket: GapPoint[]) => {
    // A lone bucket is widened to a sliver so that it still shows.
    const edge = bucket.length === 1 ? [bucket[0]!, bucket[0]!] : bucket;
    return [
      ...edge.map((point) => at(point, point.upper!)),
      ...[...edge].reverse().map((point) => at(point, point.lower!)),
    ];
  };
  return (
    <g data-testid="gap-marks">
      <path
        d={runs.map((bucket) => `M${bandOf(bucket).join('L')}Z`).join('')}
        fill={alpha(theme.palette.success.main, 0.15)}
        stroke="none"
        data-testid="gap-band"
      />
      {points
        .filter((point) => point.outOfBand && point.workload !== null)
        .map((point) => (
          <circle
            key={point.time}
            cx={x(new Date(point.time))}
            cy={y(point.workload!)}
            r={3.5}
            fill={theme.palette.error.main}
            data-testid="gap-out-of-band"
          />
        ))}
    </g>
  );
}
