import { act, screen, within } from '@testing-library/react';
import { MESSAGES } from '@infra/contracts';
import { stubApiRoutes } from '../../testing/apiFetch';
import { renderWithApp } from '../../testing/render';
import { setSelectedOrganization } from '../selection/selectedOrganizationSlice';
import type { AnalysisArgs } from './analyticsApi';
import { analysisAnswer, costFixture, workloadFixture } from './analyticsTestData';
import { WorkloadCapacityWidget } from './widgets/WorkloadCapacityWidget';
import { WorkloadCostWidget } from './widgets/WorkloadCostWidget';

/**
 * Issue 21, item 9: a service that is down. The widgets say they are retrying (not a bare placeholder), show the data
 * within 3 s of the service coming back, and an outage that outlasts the retries raises one toast, not one per widget.
 */
const ORG = '/api/v1/organizations';
const args: AnalysisArgs = { scope: { kind: 'organization', tagIds: [], collectionIds: [] }, timeHorizon: '30d' };
const badGateway = (errorId: string) => ({
  status: 502,
  body: { statusCode: 502, message: MESSAGES.unavailable, errorId },
});

let stub: ReturnType<typeof stubApiRoutes> | undefined;
// Math.random stays real (request ids and toast keys come from it): the waits are random, each 3 s at most.
beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  stub?.restore();
  jest.useRealTimers();
});

function renderBoth(down: () => boolean) {
  let calls = 0;
  stub = stubApiRoutes({
    [`GET ${ORG}/workload`]: () => (down() ? badGateway(`w-${++calls}`) : analysisAnswer(workloadFixture())),
    [`GET ${ORG}/cost-analysis`]: () => (down() ? badGateway(`c-${++calls}`) : analysisAnswer(costFixture())),
    // The charts' business event bands: none.
    'GET /api/v1/business-events/target/org-1': () => ({ status: 200, body: [] }),
  });
  const result = renderWithApp(
    <>
      <WorkloadCapacityWidget args={args} skip={false} />
      <WorkloadCostWidget args={args} skip={false} />
    </>,
  );
  act(() => {
    result.store.dispatch(setSelectedOrganization({ id: 'org-1', name: 'Demo East' }));
  });
  return result;
}

const errorToasts = (store: ReturnType<typeof renderBoth>['store']) =>
  store.getState().toasts.items.filter((toast) => !toast.dismissed && toast.variant === 'error');

describe('widgets while their service is down', () => {
  it('say they are retrying, and show the data within 3 s of the service answering again', async () => {
    let down = true;
    const { store } = renderBoth(() => down);
    const cost = screen.getByRole('region', { name: 'Workload cost analysis' });

    // 6 s of failed attempts: 4 or 5 of them (waits of 240–840, 480–1680, 960–3000, 1920–3000 ms, then 3000 ms).
    await act(() => jest.advanceTimersByTimeAsync(6000));
    expect(within(cost).getByTestId('widget-retrying').textContent).toMatch(/^Retrying… \(attempt [56] of 10\)$/);
    const capacity = screen.getByRole('region', { name: 'Workload capacity analysis' });
    expect(within(capacity).getByTestId('widget-retrying')).toBeTruthy();
    expect(errorToasts(store)).toEqual([]);

    down = false;
    await act(() => jest.advanceTimersByTimeAsync(3000));
    expect(within(cost).getByTestId('cost-total').textContent).toBe('Cost$1,234.50');
    expect(within(cost).queryByTestId('widget-retrying')).toBeNull();
    expect(within(capacity).queryByTestId('widget-retrying')).toBeNull();
    expect(errorToasts(store)).toEqual([]);
  });

  it('show the widget error after 10 attempts, with one error toast for both', async () => {
    const { store } = renderBoth(() => true);
    // Nine waits of at most 3 s each.
    await act(() => jest.advanceTimersByTimeAsync(9 * 3000));
    expect(screen.getAllByTestId('widget-error')).toHaveLength(2);
    expect(screen.queryByTestId('widget-retrying')).toBeNull();
    expect(errorToasts(store).map((toast) => toast.messageKey)).toEqual(['toast.queryError']);
    expect(stub?.callsTo(`GET ${ORG}/workload`)).toHaveLength(10);
  });
});
