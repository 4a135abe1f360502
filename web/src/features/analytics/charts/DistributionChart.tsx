import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';

export interface DistributionBin {
  from: number;
  to: number;
  count: number;
}

/** The InfraRating distribution: how many assets fall in each bin of 10. */
export function DistributionChart({ bins, label }: { bins: readonly DistributionBin[]; label: string }) {
  const { t } = useTranslation();
  // With no rated asset the axis would span 0 to 0 and label its one tick "0.0…": give it a whole asset of room.
  const empty = bins.every((bin) => bin.count === 0);
  return (
    <Box role="figure" aria-label={label} sx={{ width: '100%', minWidth: 0 }}>
      <BarChart
        height={200}
        margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
        xAxis={[
          {
            scaleType: 'band',
            data: bins.map((bin) => t('analytics.ratings.bin', { from: bin.from, to: bin.to })),
            tickLabelStyle: { fontSize: 10 },
          },
        ]}
        yAxis={[{ width: 40, tickMinStep: 1, ...(empty ? { max: 1 } : {}) }]}
        series={[{ data: bins.map((bin) => bin.count), label: t('analytics.ratings.assets') }]}
        hideLegend
        skipAnimation
      />
    </Box>
  );
}
