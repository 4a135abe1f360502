import { screen, within } from '@testing-library/react';
import { stubApiRoutes } from '../../../testing/apiFetch';
import { renderWithApp } from '../../../testing/render';
import { BusinessEventBands, EventBandsLegend } from './BusinessEventBands';
import { missingRuns, spansYears, TimeSeriesChart } from './TimeSeriesChart';

const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'].map(
  (day) => `${day}T00:00:00.000Z`,
);

let stub: ReturnType<typeof stubApiRoutes> | undefined;
afterEach(() => stub?.restore());

function renderChart(data: (number | null)[], times = DAYS, children?: React.ReactNode) {
  stub = stubApiRoutes({});
  renderWithApp(
    <TimeSeriesChart
      times={times}
      granularity="day"
      label="Workload"
      valueAxisLabel="Workload (WCU)"
      peakLineId="workload"
      lines={[{ id: 'workload', label: 'Workload', data, format: (value) => `${value} WCU` }]}
    >
      {children}
    </TimeSeriesChart>,
  );
  return screen.getByRole('figure', { name: 'Workload' });
}

/** The line's path commands: each `M` starts a segment, so a gap in the data is one more `M`. */
const segmentsOf = (chart: HTMLElement) =>
  (chart.querySelector('path[data-series="workload"]')?.getAttribute('d') ?? '').match(/M/g)?.length ?? 0;

describe('time series chart', () => {
  it('finds the runs of buckets without data', () => {
    expect(missingRuns([{ data: [1, null, null, 2, null] }], 5)).toEqual([
      [1, 2],
      [4, 4],
    ]);
    // A bucket is missing only when every line is null there.
    expect(missingRuns([{ data: [null, 1] }, { data: [null, null] }], 2)).toEqual([[0, 0]]);
    expect(missingRuns([{ data: [0, 0] }], 2)).toEqual([]);
  });

  it('draws a bucket without data as a gap and hatches it "No data", never as a drop to zero', () => {
    // The last bucket has no data yet (the right edge): the line stops at the one before.
    const chart = renderChart([3, 4, 5, 4, 6, null]);
    expect(segmentsOf(chart)).toBe(1);
    const bands = within(chart).getAllByTestId('no-data-band');
    expect(bands.map((band) => [band.getAttribute('data-from'), band.getAttribute('data-to')])).toEqual([['5', '5']]);
    expect(within(chart).getByTestId('legend-no-data').textContent).toBe('No data');
  });

  it('breaks the line around a gap inside the horizon, and dots a lone bucket between two gaps', () => {
    const chart = renderChart([3, 4, null, 5, null, 6]);
    expect(segmentsOf(chart)).toBe(3);
    expect(within(chart).getAllByTestId('no-data-band')).toHaveLength(2);
    // The last bucket, alone after a gap, is a mark (a segment of one point draws nothing).
    expect(chart.querySelectorAll('[data-series-id="workload"]').length).toBeGreaterThanOrEqual(1);
  });

  it('says from when there is data when the horizon reaches back before the first sample', () => {
    const chart = renderChart([null, null, null, null, 2, 3]);
    expect(within(chart).getAllByTestId('no-data-band')).toHaveLength(1);
    expect(within(chart).getByTestId('legend-no-data').textContent).toBe(
      'No data · nothing reported before Mar 5, 2026',
    );
  });

  it('titles its axes with their units and labels the top value', () => {
    const chart = renderChart([3, 9.5, 5, 4, 6, 2]);
    expect(within(chart).getByText('Workload (WCU)')).toBeTruthy();
    expect(within(chart).getByText('Day (UTC)')).toBeTruthy();
    expect(within(chart).getByTestId('peak-label').textContent).toBe('Max 9.5 WCU');
    expect(within(chart).queryByTestId('no-data-band')).toBeNull();
    expect(within(chart).queryByTestId('legend-no-data')).toBeNull();
  });

  it('puts the year in the tick labels when the horizon spans two years', () => {
    expect(spansYears(DAYS)).toBe(false);
    const turn = ['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02'].map((day) => `${day}T00:00:00.000Z`);
    expect(spansYears(turn)).toBe(true);
    const chart = renderChart([1, 2, 3, 4], turn);
    const ticks = [...chart.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')].map(
      (tick) => tick.textContent,
    );
    expect(ticks.length).toBeGreaterThan(0);
    for (const tick of ticks) expect(tick).toMatch(/202[56]/);
  });

  it('names the business events in a legend under the chart, numbered as their bands', () => {
    stub = stubApiRoutes({});
    const bands = [
      { id: 'e1', name: 'Black_Friday', startDate: DAYS[1]!, endDate: DAYS[2]!, assetCount: 3 },
      { id: 'e2', name: 'Migration', startDate: DAYS[3]!, endDate: DAYS[4]!, assetCount: 1 },
    ];
    renderWithApp(
      <TimeSeriesChart
        times={DAYS}
        granularity="day"
        label="Cost"
        valueAxisLabel="Cost ($ per day)"
        lines={[{ id: 'cost', label: 'Cost', data: [1, 2, 3, 4, 5, 6], format: String }]}
        legend={<EventBandsLegend bands={bands} />}
      >
        <BusinessEventBands bands={bands} />
      </TimeSeriesChart>,
    );
    const chart = screen.getByRole('figure', { name: 'Cost' });
    expect(
      within(chart)
        .getAllByTestId('legend-event')
        .map((item) => item.textContent),
    ).toEqual([
      '1 Black_Friday · Mar 2, 2026, 12:00 AM – Mar 3, 2026, 12:00 AM',
      '2 Migration · Mar 4, 2026, 12:00 AM – Mar 5, 2026, 12:00 AM',
    ]);
    // Each band carries its number (and its name where it fits) inside the chart.
    expect(
      within(chart)
        .getAllByTestId('event-band-label')
        .map((label) => label.textContent?.split(' ')[0]),
    ).toEqual(['1', '2']);
  });
});
