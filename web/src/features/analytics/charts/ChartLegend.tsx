import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** A chart's legend under it: what its hatching and bands mean, in words (not only in a hover title). */
export function ChartLegend({ children }: { children: ReactNode }) {
  return (
    <Box
      component="ul"
      data-testid="chart-legend"
      sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
    >
      {children}
    </Box>
  );
}

/** One legend entry: a swatch, a name, and an optional detail (dates). */
export function LegendItem({
  swatch,
  label,
  detail,
  testId,
}: {
  swatch: ReactNode;
  label: string;
  detail?: string;
  testId?: string;
}) {
  return (
    <Box component="li" data-testid={testId} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
      <Box component="span" aria-hidden sx={{ display: 'inline-flex', flexShrink: 0 }}>
        {swatch}
      </Box>
      <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ fontWeight: 600 }}>
          {label}
        </Box>
        {detail ? (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {` · ${detail}`}
          </Box>
        ) : null}
      </Typography>
    </Box>
  );
}

/** "No data": the hatching of the buckets in which no asset reported. */
export function NoDataSwatch({ label, detail }: { label: string; detail?: string }) {
  const theme = useTheme();
  const stroke = alpha(theme.palette.text.primary, 0.3);
  return (
    <LegendItem
      testId="legend-no-data"
      label={label}
      detail={detail}
      swatch={
        <svg width={18} height={12}>
          <rect width={18} height={12} fill={alpha(theme.palette.text.primary, 0.03)} stroke={stroke} />
          {[0, 6, 12, 18].map((offset) => (
            <line key={offset} x1={offset - 6} y1={12} x2={offset + 6} y2={0} stroke={stroke} strokeWidth={1.5} />
          ))}
        </svg>
      }
    />
  );
}
