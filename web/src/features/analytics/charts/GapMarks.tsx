import { useTheme } from '@mui/material/styles';
import { alpha } from '@mui/material/styles';
import { useXScale, useYScale } from '@mui/x-charts/hooks';
import type { GapPoint } from '@infra/contracts';

/**
 * The capacity gap marks, drawn with the chart's own scales: the band `lower … upper` shaded, and a red dot on each
 * bucket out of band (§2).
 */
export function GapMarks({ points }: { points: readonly GapPoint[] }) {
  const theme = useTheme();
  const x = useXScale<'time'>();
  const y = useYScale<'linear'>();
  if (points.length === 0) return null;
  const at = (point: GapPoint, value: number) => `${x(new Date(point.time))},${y(value)}`;
  const band = [
    ...points.map((point) => at(point, point.upper)),
    ...[...points].reverse().map((point) => at(point, point.lower)),
  ];
  return (
    <g data-testid="gap-marks">
      <path
        d={`M${band.join('L')}Z`}
        fill={alpha(theme.palette.success.main, 0.15)}
        stroke="none"
        data-testid="gap-band"
      />
      {points
        .filter((point) => point.outOfBand)
        .map((point) => (
          <circle
            key={point.time}
            cx={x(new Date(point.time))}
            cy={y(point.workload)}
            r={3.5}
            fill={theme.palette.error.main}
            data-testid="gap-out-of-band"
          />
        ))}
    </g>
  );
}
