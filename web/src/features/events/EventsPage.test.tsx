import { screen, waitFor, within } from '@testing-library/react';
import { ROUTES } from '../../config/routes';
import { renderWithApp } from '../../testing/render';
import { selectDemoOrganization, stubGateway, type GatewayData } from '../management/pageTestServer';
import EventsPage from './EventsPage';
import { EVENT_ID, eventFixture } from './eventsTestData';

/** The grid's first render in jsdom is slow on a busy machine. */

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

function openPage(items: ReturnType<typeof eventFixture>[], data: Partial<GatewayData> = {}) {
  gateway = stubGateway({
    reads: {
      'business-events': (request) => ({
        status: 200,
        body: {
          items,
          total: items.length,
          page: Number(request.search.get('page')),
          pageSize: Number(request.search.get('pageSize')),
        },
      }),
    },
    ...data,
  });
  const { store } = renderWithApp(<EventsPage />, ROUTES.adminEvents);
  selectDemoOrganization(store);
}

describe('Events', () => {
  it('says "No Events Found" when the organization has none, and offers Add Event to an Admin', async () => {
    openPage([]);
    expect(await screen.findByText('No Events Found')).toBeTruthy();
    expect(screen.getByTestId('event-add').getAttribute('href')).toBe(ROUTES.eventCreate);
    const list = gateway.sent.find((request) => request.path === '/api/v1/business-events');
    expect(list?.search.get('page')).toBe('1');
    expect(list?.search.get('pageSize')).toBe('10');
    expect(list?.headers.organizationid).toBe('o1');
  });

  it("lists the events with their dates in the account's time zone, a link to each and an edit action", async () => {
    openPage([eventFixture({ assetCount: 12 })]);
    const link = await screen.findByTestId(`event-link-${EVENT_ID}`);
    expect(link.textContent).toBe('Black_Friday');
    expect(link.getAttribute('href')).toBe(`/admin/events/${EVENT_ID}`);
    const row = link.closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('11/27/2026 12:00 AM UTC')).toBeTruthy();
    expect(within(row).getByText('11/30/2026 11:59 PM UTC')).toBeTruthy();
    expect(within(row).getByText('Yearly_sale')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect(within(row).getByRole('menuitem', { name: 'Edit Black_Friday' })).toBeTruthy();
  });

  it('shows no Add Event and no edit action to a User', async () => {
    openPage([eventFixture()], { role: 'User' });
    await screen.findByTestId(`event-link-${EVENT_ID}`);
    await waitFor(() => expect(screen.queryByTestId('event-add')).toBeNull());
    expect(screen.queryByRole('menuitem', { name: 'Edit Black_Friday' })).toBeNull();
  });
});
