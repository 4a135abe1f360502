import { act, screen, waitFor, within } from '@testing-library/react';
import { stubApiRoutes } from '../../testing/apiFetch';
import { FakeIntersectionObserver } from '../../testing/intersectionObserver';
import { renderWithApp } from '../../testing/render';
import { setSelectedOrganization } from '../selection/selectedOrganizationSlice';
import type { AnalysisArgs } from './analyticsApi';
import { analysisAnswer, costFixture } from './analyticsTestData';
import { WorkloadCostWidget } from './widgets/WorkloadCostWidget';

/**
 * Issue 21, item 8: a widget asks for its analysis at once but draws it only near the viewport (a phone's dashboard
 * drew every chart below the fold in its first seconds).
 */
const args: AnalysisArgs = { scope: { kind: 'organization', tagIds: [], collectionIds: [] }, timeHorizon: '30d' };

let stub: ReturnType<typeof stubApiRoutes> | undefined;
afterEach(() => {
  stub?.restore();
  FakeIntersectionObserver.restore();
});

it('asks for the analysis at once, and draws it only once the widget comes near the viewport', async () => {
  FakeIntersectionObserver.install();
  let asked = 0;
  stub = stubApiRoutes({
    'GET /api/v1/organizations/cost-analysis': () => {
      asked += 1;
      return analysisAnswer(costFixture());
    },
  });
  const { store } = renderWithApp(<WorkloadCostWidget args={args} skip={false} />);
  act(() => {
    store.dispatch(setSelectedOrganization({ id: 'org-1', name: 'Demo East' }));
  });
  const widget = screen.getByRole('region', { name: 'Workload cost analysis' });
  await waitFor(() =>
    expect(Object.values(store.getState().api.queries).some((query) => query?.status === 'fulfilled')).toBe(true),
  );
  expect(asked).toBeGreaterThan(0);
  await act(async () => undefined); // the deferred render of the answer, done
  // The answer is in, but the widget is out of range: its placeholder, no figures.
  expect(within(widget).queryByTestId('cost-total')).toBeNull();
  expect(widget.querySelector('.MuiSkeleton-root')).not.toBeNull();

  act(() => FakeIntersectionObserver.reportAll(true));
  await waitFor(() => expect(within(widget).getByTestId('cost-total').textContent).toBe('Cost$1,234.50'));
  expect(widget.querySelector('.MuiSkeleton-root')).toBeNull();
});
