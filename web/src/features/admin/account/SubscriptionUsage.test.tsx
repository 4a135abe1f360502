import { screen, waitFor, within } from '@testing-library/react';
import { apiSettled, stubApiRoutes } from '../../../testing/apiFetch';
import { renderWithApp } from '../../../testing/render';
import { SubscriptionUsage } from './SubscriptionUsage';

const ORGANIZATIONS = [
  { id: 'o1', name: 'Demo East' },
  { id: 'o2', name: 'Demo West' },
];

let stub: ReturnType<typeof stubApiRoutes>;
let store: ReturnType<typeof renderWithApp>['store'] | undefined;

beforeEach(() => {
  stub = stubApiRoutes({
    // Each organization answers for itself: the count follows the organization header, not the selection.
    'GET /api/v1/assets': ({ headers }) => ({
      status: 200,
      body: { items: [], total: headers.organizationid === 'o1' ? 300 : 1234, page: 1, pageSize: 1 },
    }),
  });
});
afterEach(async () => {
  const current = store;
  if (current) await waitFor(() => expect(apiSettled(current.getState())).toBe(true));
  store = undefined;
  stub.restore();
});

describe('subscription usage', () => {
  it("adds up the inventory's asset count of each organization, archived assets included", async () => {
    store = renderWithApp(<SubscriptionUsage organizations={ORGANIZATIONS} limit={2000} />).store;
    expect((await screen.findByTestId('subscription-usage-text')).textContent).toBe('1,534 of 2,000 assets');
    const rows = within(screen.getByTestId('subscription-usage-organizations')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Demo East300', 'Demo West1,234']);
    const calls = stub.callsTo('GET /api/v1/assets');
    expect(calls.map((call) => call.headers.organizationid).sort()).toEqual(['o1', 'o2']);
    for (const call of calls) {
      expect(call.search.get('pageSize')).toBe('1');
      expect(call.search.get('status')).toBe('active,offline,pending,archived');
    }
  });

  it('says so when the plan limit is passed', async () => {
    store = renderWithApp(<SubscriptionUsage organizations={ORGANIZATIONS} limit={1000} />).store;
    expect(await screen.findByText('The account holds more assets than its plan allows.')).toBeTruthy();
  });

  it('asks nothing for an account without organizations', () => {
    renderWithApp(<SubscriptionUsage organizations={[]} limit={100} />);
    expect(screen.getByTestId('subscription-usage-text').textContent).toBe('0 of 100 assets');
    expect(stub.sent).toEqual([]);
  });
});
