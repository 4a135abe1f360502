import { act, screen, waitFor, within } from '@testing-library/react';
import type { BusinessEventBand } from '@infra/contracts';
import { stubApiRoutes } from '../../../testing/apiFetch';
import { renderWithApp } from '../../../testing/render';
import { setSelectedOrganization } from '../../selection/selectedOrganizationSlice';
import type { AnalysisArgs } from '../analyticsApi';
import { analysisAnswer, costFixture, workloadFixture } from '../analyticsTestData';
import { WorkloadCapacityWidget } from '../widgets/WorkloadCapacityWidget';
import { WorkloadCostWidget } from '../widgets/WorkloadCostWidget';
import { bandArgsOf, BusinessEventBands } from './BusinessEventBands';
import { TimeSeriesChart } from './TimeSeriesChart';

const TIMES = ['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z'];
const bands: BusinessEventBand[] = [
  {
    id: 'e1',
    name: 'Black_Friday',
    startDate: '2026-03-01T12:00:00.000Z',
    endDate: '2026-03-02T00:00:00.000Z',
    assetCount: 3,
  },
  // Started before the window: drawn from its left edge.
  {
    id: 'e2',
    name: 'Migration',
    startDate: '2026-02-20T00:00:00.000Z',
    endDate: '2026-03-01T06:00:00.000Z',
    assetCount: 1,
  },
];

let stub: ReturnType<typeof stubApiRoutes> | undefined;
afterEach(() => stub?.restore());

const bandNames = (container: HTMLElement) =>
  within(container)
    .queryAllByTestId('event-band')
    .map((band) => [band.getAttribute('aria-label'), band.querySelector('title')?.textContent]);

describe('business event bands', () => {
  it('draws one shaded band per event over the chart, named on hover', () => {
    stub = stubApiRoutes({});
    renderWithApp(
      <TimeSeriesChart
        times={TIMES}
        granularity="day"
        label="Workload"
        valueAxisLabel="Workload (WCU)"
        lines={[{ id: 'w', label: 'Workload', data: [1, 2, 3], format: String }]}
      >
        <BusinessEventBands bands={bands} />
      </TimeSeriesChart>,
    );
    const chart = screen.getByRole('figure', { name: 'Workload' });
    expect(bandNames(chart)).toEqual([
      ['Black_Friday', 'Black_Friday'],
      ['Migration', 'Migration'],
    ]);
    for (const rect of chart.querySelectorAll('[data-testid="event-band"] rect')) {
      expect(Number(rect.getAttribute('width'))).toBeGreaterThan(0);
    }
  });

  it('draws nothing without events', () => {
    stub = stubApiRoutes({});
    renderWithApp(
      <TimeSeriesChart
        times={TIMES}
        granularity="day"
        label="Cost"
        valueAxisLabel="Cost ($ per day)"
        lines={[{ id: 'c', label: 'Cost', data: [1, 2, 3], format: String }]}
      >
        <BusinessEventBands bands={[]} />
      </TimeSeriesChart>,
    );
    expect(screen.queryByTestId('event-bands')).toBeNull();
  });

  it('asks for the target of each scope: an asset, a collection, a collection narrowed by tags, the organization', () => {
    const horizon = { start: TIMES[0] ?? '', end: '2026-03-04T00:00:00.000Z' };
    const window = { startDate: horizon.start, endDate: horizon.end };
    expect(bandArgsOf({ kind: 'asset', id: 'a1' }, 'org-1', horizon)).toEqual({ targetId: 'a1', ...window });
    expect(bandArgsOf({ kind: 'collection', id: 'c1', tagIds: [] }, 'org-1', horizon)).toEqual({
      targetId: 'c1',
      ...window,
    });
    expect(bandArgsOf({ kind: 'collection', id: 'c1', tagIds: ['t1'] }, 'org-1', horizon)).toEqual({
      targetId: 'org-1',
      ...window,
      tagIds: ['t1'],
      collectionIds: ['c1'],
    });
    expect(bandArgsOf({ kind: 'organization', tagIds: ['t1'], collectionIds: ['c2'] }, 'org-1', horizon)).toEqual({
      targetId: 'org-1',
      ...window,
      tagIds: ['t1'],
      collectionIds: ['c2'],
    });
  });

  it("draws a view's events on its workload and cost charts, asked once for the chart's window and filter", async () => {
    const args: AnalysisArgs = {
      scope: { kind: 'organization', tagIds: ['t1'], collectionIds: ['c1', 'c2'] },
      timeHorizon: '30d',
    };
    stub = stubApiRoutes({
      'GET /api/v1/organizations/workload': () => analysisAnswer(workloadFixture()),
      'GET /api/v1/organizations/cost-analysis': () => analysisAnswer(costFixture()),
      'GET /api/v1/business-events/target/org-1': () => ({ status: 200, body: bands }),
    });
    const { store } = renderWithApp(
      <>
        <WorkloadCapacityWidget args={args} skip={false} />
        <WorkloadCostWidget args={args} skip={false} />
      </>,
    );
    act(() => {
      store.dispatch(setSelectedOrganization({ id: 'org-1', name: 'Demo East' }));
    });
    const workload = screen.getByRole('region', { name: 'Workload capacity analysis' });
    const cost = screen.getByRole('region', { name: 'Workload cost analysis' });
    await waitFor(() => expect(bandNames(workload)).toHaveLength(2));
    await waitFor(() => expect(bandNames(cost)).toHaveLength(2));
    expect(bandNames(cost)[0]).toEqual(['Black_Friday', 'Black_Friday']);

    const calls = stub.callsTo('GET /api/v1/business-events/target/org-1');
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]?.search ?? [])).toEqual({
      startDate: '2026-03-01T00:00:00.000Z',
      endDate: '2026-03-04T00:00:00.000Z',
      tagIds: 't1',
      collectionIds: 'c1,c2',
    });
    expect(calls[0]?.headers.organizationid).toBe('org-1');
  });

  it('leaves the chart as it is, without a toast, when the events cannot be read', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const args: AnalysisArgs = { scope: { kind: 'asset', id: 'a1' }, timeHorizon: '7d' };
    stub = stubApiRoutes({
      'GET /api/v1/assets/a1/workload': () => analysisAnswer(workloadFixture()),
      'GET /api/v1/business-events/target/a1': () => ({ status: 500, body: { statusCode: 500, message: 'x' } }),
    });
    const { store } = renderWithApp(<WorkloadCapacityWidget args={args} skip={false} />);
    act(() => {
      store.dispatch(setSelectedOrganization({ id: 'org-1', name: 'Demo East' }));
    });
    const widget = screen.getByRole('region', { name: 'Workload capacity analysis' });
    expect(await within(widget).findByTestId('workload-utilization')).toBeTruthy();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(within(widget).queryByTestId('widget-error')).toBeNull();
    expect(bandNames(widget)).toEqual([]);
    expect(store.getState().toasts.items).toEqual([]);
  });
});
