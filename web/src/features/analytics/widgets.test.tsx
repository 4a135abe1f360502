import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@infra/contracts';
import { stubApiRoutes, type StubRoutes } from '../../testing/apiFetch';
import { renderWithApp } from '../../testing/render';
import { createTestI18n } from '../../testing/i18n';
import { setSelectedOrganization } from '../selection/selectedOrganizationSlice';
import type { AnalysisArgs } from './analyticsApi';
import { useAnalyticsFormat } from './analyticsFormat';
import { AnalyticsSections } from './AnalyticsSections';
import {
  analysisAnswer,
  analysisRoutes,
  costFixture,
  gapFixture,
  overviewFixture,
  workloadFixture,
} from './analyticsTestData';
import WidgetsPage from './WidgetsPage';
import { BusinessOverviewWidget } from './widgets/BusinessOverviewWidget';
import { CapacityGapWidget } from './widgets/CapacityGapWidget';
import { Carousel, highlightSlides } from './widgets/HighlightsCarousel';
import { WorkloadCapacityWidget } from './widgets/WorkloadCapacityWidget';
import { WorkloadCostWidget } from './widgets/WorkloadCostWidget';

const ORG = '/api/v1/organizations';
const args: AnalysisArgs = { scope: { kind: 'organization', tagIds: [], collectionIds: [] }, timeHorizon: '30d' };

let stub: ReturnType<typeof stubApiRoutes> | undefined;
afterEach(() => stub?.restore());

function renderWidgets(ui: React.ReactElement, routes: StubRoutes) {
  stub = stubApiRoutes(routes);
  const result = renderWithApp(ui);
  act(() => {
    result.store.dispatch(setSelectedOrganization({ id: 'org-1', name: 'Demo East' }));
  });
  return result;
}

const toastKeys = (store: ReturnType<typeof renderWidgets>['store']) =>
  store
    .getState()
    .toasts.items.filter((toast) => !toast.dismissed)
    .map((toast) => toast.messageKey);

describe('widgets render their analysis', () => {
  it('workload cost analysis: totals with a dollar sign for any currency, and the breakdown by tag or collection', async () => {
    renderWidgets(<WorkloadCostWidget args={args} skip={false} />, {
      [`GET ${ORG}/cost-analysis`]: () => analysisAnswer(costFixture(true, 'CAD')),
    });
    const widget = screen.getByRole('region', { name: 'Workload cost analysis' });
    expect((await within(widget).findByTestId('cost-total')).textContent).toBe('Cost$1,234.50');
    expect(within(widget).getByTestId('cost-idle').textContent).toBe('Idle cost$617.25');
    // 0.024856 $/WCU-h: four significant digits, not four decimals ($0.0249 would be 0.18 % off).
    expect(within(widget).getByTestId('cost-per-wcu-hour').textContent).toBe('Cost per WCU-hour used$0.02486 / WCU-h');
    const breakdown = within(widget).getByTestId('cost-breakdown');
    expect(await within(breakdown).findByText('env:prod')).toBeTruthy();
    fireEvent.click(within(widget).getByRole('button', { name: 'By collection' }));
    expect(await within(widget).findByText('Production')).toBeTruthy();
    expect(stub?.callsTo(`GET ${ORG}/cost-analysis`)[0]?.search.get('timeHorizon')).toBe('30d');
  });

  it('an analysis without data says "No data for this period" instead of drawing flat lines at zero', async () => {
    renderWidgets(
      <>
        <WorkloadCapacityWidget args={args} skip={false} />
        <WorkloadCostWidget args={args} skip={false} />
      </>,
      {
        [`GET ${ORG}/workload`]: () => analysisAnswer(workloadFixture(false)),
        [`GET ${ORG}/cost-analysis`]: () => analysisAnswer(costFixture(false)),
      },
    );
    for (const name of ['Workload capacity analysis', 'Workload cost analysis']) {
      const widget = screen.getByRole('region', { name });
      const state = await within(widget).findByTestId('no-data-for-period');
      expect(state.textContent).toBe(
        'No data for this periodNo asset reported telemetry from Mar 1, 2026 to Mar 4, 2026.',
      );
      expect(within(widget).queryByRole('figure')).toBeNull();
      expect(within(widget).queryByText(/\$0\.00|0 WCU/)).toBeNull();
    }
  });

  it('workload capacity analysis: a bucket without data is a gap in the chart, hatched "No data"', async () => {
    const analysis = workloadFixture();
    const last = analysis.series.length - 1;
    analysis.series[last] = { ...analysis.series[last]!, capacity: null, workload: null, utilization: null, assets: 0 };
    renderWidgets(<WorkloadCapacityWidget args={args} skip={false} />, {
      [`GET ${ORG}/workload`]: () => analysisAnswer(analysis),
    });
    const widget = screen.getByRole('region', { name: 'Workload capacity analysis' });
    const chart = await within(widget).findByRole('figure');
    expect(within(chart).getAllByTestId('no-data-band')).toHaveLength(1);
    expect(within(chart).getByText('Workload (mean WCU)')).toBeTruthy();
    expect(within(chart).getByTestId('peak-label').textContent).toBe('Max 5 WCU');
  });

  it('capacity gap analysis: the summary, the shaded band and a red dot on each bucket out of band', async () => {
    renderWidgets(<CapacityGapWidget args={args} skip={false} />, {
      [`GET ${ORG}/workload-gap-analysis`]: () => analysisAnswer(gapFixture()),
    });
    const widget = screen.getByRole('region', { name: 'Capacity gap analysis' });
    expect((await within(widget).findByTestId('gap-out-of-band-count')).textContent).toBe('Days out of band2');
    expect(within(widget).getByTestId('gap-above').textContent).toBe('Gap above the band24 WCU-h');
    expect(within(widget).getByTestId('gap-right-size').textContent).toBe('Right-size capacity11.5 WCU');
    expect(within(widget).getByTestId('gap-band')).toBeTruthy();
    expect(within(widget).getAllByTestId('gap-out-of-band')).toHaveLength(2);
  });

  it('business overview: cost and its change, idle cost, savings and the top idle assets', async () => {
    renderWidgets(<BusinessOverviewWidget args={args} skip={false} />, {
      [`GET ${ORG}/business-overview`]: () => analysisAnswer(overviewFixture('EUR')),
    });
    const widget = screen.getByRole('region', { name: 'Business overview' });
    expect((await within(widget).findByTestId('overview-total-cost')).textContent).toBe('Total cost$1,234.50');
    expect(within(widget).getByTestId('overview-cost-change').textContent).toBe(
      'Change vs previous period+$234.50 (+23.5%)',
    );
    expect(within(widget).getByTestId('overview-savings').textContent).toBe('Potential monthly savings$321.00');
    expect(within(widget).getByRole('link', { name: 'web-01' }).getAttribute('href')).toBe('/assets/a-1');
  });
});

describe('a widget that fails', () => {
  it('shows "Oops! Error loading widget" when its query fails, while the other widgets render', async () => {
    const { store } = renderWidgets(
      <>
        <WorkloadCapacityWidget args={args} skip={false} />
        <WorkloadCostWidget args={args} skip={false} />
      </>,
      {
        [`GET ${ORG}/workload`]: () => ({ status: 500, body: { statusCode: 500, message: 'x', errorId: 'e-1' } }),
        [`GET ${ORG}/cost-analysis`]: () => analysisAnswer(costFixture()),
      },
    );
    const failed = screen.getByRole('region', { name: 'Workload capacity analysis' });
    expect((await within(failed).findByTestId('widget-error')).textContent).toBe(MESSAGES.widgetError);
    const working = screen.getByRole('region', { name: 'Workload cost analysis' });
    expect((await within(working).findByTestId('cost-total')).textContent).toBe('Cost$1,234.50');
    // The failure's own toast comes from the app's query-error handling, once.
    await waitFor(() => expect(toastKeys(store)).toEqual(['toast.queryError']));
  });

  it('shows it when its content throws while rendering, while the other widgets render', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { series: _dropped, ...malformed } = workloadFixture();
    renderWidgets(
      <>
        <WorkloadCapacityWidget args={args} skip={false} />
        <WorkloadCostWidget args={args} skip={false} />
      </>,
      {
        [`GET ${ORG}/workload`]: () => analysisAnswer(malformed as ReturnType<typeof workloadFixture>),
        [`GET ${ORG}/cost-analysis`]: () => analysisAnswer(costFixture()),
      },
    );
    const failed = screen.getByRole('region', { name: 'Workload capacity analysis' });
    expect((await within(failed).findByTestId('widget-error')).textContent).toBe(MESSAGES.widgetError);
    const working = screen.getByRole('region', { name: 'Workload cost analysis' });
    expect((await within(working).findByTestId('cost-total')).textContent).toBe('Cost$1,234.50');
    expect(error).toHaveBeenCalled();
  });
});

describe('the highlights carousel', () => {
  function Slides() {
    const format = useAnalyticsFormat();
    const t = createTestI18n().t;
    return <Carousel slides={highlightSlides(overviewFixture(), t, format)} label="Highlights" />;
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const slide = () => screen.getByTestId('highlight-slide').textContent;

  it('turns every 5000 ms, pauses while hovered, and moves with the previous and next buttons', () => {
    renderWithApp(<Slides />);
    expect(slide()).toBe('Largest gap · 1 of 3web-0112 h over the band, 3 h below it');
    act(() => jest.advanceTimersByTime(4999));
    expect(slide()).toContain('1 of 3');
    act(() => jest.advanceTimersByTime(1));
    expect(slide()).toBe('Savings · 2 of 3db-01Could save $150.00 a month');
    act(() => jest.advanceTimersByTime(5000));
    expect(slide()).toBe('Rating change · 3 of 3cache-01InfraRating 62.5 (-4.0 from 66.5)');
    act(() => jest.advanceTimersByTime(5000));
    expect(slide()).toContain('1 of 3');

    const carousel = screen.getByRole('group', { name: 'Highlights' });
    fireEvent.mouseEnter(carousel);
    act(() => jest.advanceTimersByTime(15_000));
    expect(slide()).toContain('1 of 3');
    expect(screen.getByTestId('highlight-slide').getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'Previous highlight' }));
    expect(slide()).toContain('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next highlight' }));
    expect(slide()).toContain('1 of 3');
    fireEvent.mouseLeave(carousel);
    act(() => jest.advanceTimersByTime(5000));
    expect(slide()).toContain('2 of 3');
  });
});

describe('the no-data warning on a dashboard', () => {
  it('appears once every workload and cost-analysis answer of the target is flagged empty', async () => {
    const { store } = renderWidgets(
      <AnalyticsSections target={{ kind: 'organization' }} attributes={null} />,
      analysisRoutes(ORG, { empty: true }),
    );
    await waitFor(() => expect(toastKeys(store)).toEqual(['analytics.noData']));
    expect(store.getState().toasts.items[0]).toMatchObject({ variant: 'warning', persist: true });
  });

  it('does not appear when one of them has data', async () => {
    const { store } = renderWidgets(<AnalyticsSections target={{ kind: 'organization' }} attributes={null} />, {
      ...analysisRoutes(ORG, { empty: true }),
      [`GET ${ORG}/cost-analysis`]: () => analysisAnswer(costFixture(true)),
    });
    const cost = screen.getByRole('region', { name: 'Workload cost analysis' });
    expect(await within(cost).findByTestId('cost-total')).toBeTruthy();
    await waitFor(() => expect(store.getState().dashboardFilter?.queryEndpoints).toEqual([]));
    expect(toastKeys(store)).toEqual([]);
  });
});

describe('the widgets page', () => {
  it('shows every widget of the organization under the filter bar', async () => {
    renderWidgets(<WidgetsPage />, {
      ...analysisRoutes(ORG),
      'GET /api/v1/views/summary': () => ({
        status: 200,
        body: {
          assetCount: 2,
          byStatus: { active: 2, offline: 0, pending: 0, archived: 0 },
          collections: [],
          tagIds: [],
        },
      }),
      'GET /api/v1/collections': () => ({ status: 200, body: [] }),
      'GET /api/v1/tags': () => ({ status: 200, body: [] }),
    });
    expect(await screen.findByRole('region', { name: 'Dashboard filters' })).toBeTruthy();
    for (const name of [
      'Inventory',
      'View summary',
      'Collection summary',
      'InfraRating',
      'View ratings',
      'System ratings',
      'Business overview',
      'Workload capacity analysis',
      'Workload cost analysis',
      'Capacity gap analysis',
      'System utilization',
    ])
      expect(await screen.findByRole('region', { name })).toBeTruthy();
    const rating = screen.getByRole('region', { name: 'InfraRating' });
    expect((await within(rating).findByTestId('infra-rating-score')).textContent).toBe('72.4');
    expect((await screen.findByTestId('inventory-total')).textContent).toBe('Matching, not archived2');
  });
});
