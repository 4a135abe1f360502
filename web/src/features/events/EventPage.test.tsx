import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import type { StubAnswer } from '../../testing/apiFetch';
import { renderWithApp } from '../../testing/render';
import { selectDemoOrganization, stubGateway, writesOf, type GatewayData } from '../management/pageTestServer';
import EventPage, { IMPACT_POLL_MS } from './EventPage';
import { EVENT_ID, eventFixture, impactFixture } from './eventsTestData';

const event = eventFixture({ assignment: { collectionIds: ['c1'], tagIds: [], assetIds: [] }, assetCount: 2 });

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

function openPage(impact: () => StubAnswer, data: Partial<GatewayData> = {}) {
  gateway = stubGateway({
    reads: {
      [`business-events/${EVENT_ID}`]: () => ({ status: 200, body: event }),
      'assets/business-event/impact': impact,
    },
    writes: { 'PUT business-events/impact': { status: 200, body: {} } },
    ...data,
  });
  const { store } = renderWithApp(
    <Routes>
      <Route path={ROUTES.event} element={<EventPage />} />
    </Routes>,
    `/admin/events/${EVENT_ID}`,
  );
  selectDemoOrganization(store);
  return store;
}

const impactCalls = () => gateway.sent.filter((request) => request.path === '/api/v1/assets/business-event/impact');

describe('the event page', () => {
  it('shows the details, the measured impact per target and per asset, and the expected impact', async () => {
    const store = openPage(() => ({ status: 200, body: impactFixture() }));
    expect(await screen.findByRole('heading', { name: 'Black_Friday', level: 1 })).toBeTruthy();
    // The app header and the browser tab say the event's name, not "Event".
    await waitFor(() => expect(store.getState().sidebar.selectedItem.name).toBe('Black_Friday'));
    expect(document.title).toBe('Black_Friday · Infra Analytics');
    expect(screen.getByTestId('event-start').textContent).toBe('11/27/2026 12:00 AM UTC');
    expect(screen.getByTestId('event-end').textContent).toBe('11/30/2026 11:59 PM UTC');
    expect(screen.getByTestId('event-rules').textContent).toBe('Collections: 1, tags: 0, assets: 0');
    expect(screen.getByTestId('event-edit').getAttribute('href')).toBe(`/admin/events/${EVENT_ID}/edit`);

    const workload = await screen.findByTestId('impact-workloadHours');
    expect([...workload.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '200 WCU-h',
      '250 WCU-h',
      '+50 WCU-h',
      '+25%',
    ]);
    expect([...screen.getByTestId('impact-cost').querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '$1,000.00',
      '$1,500.00',
      '+$500.00',
      '+50%',
    ]);
    expect(impactCalls()[0]?.search.get('businessEventId')).toBe(EVENT_ID);
    const targets = screen.getByTestId('impact-targets');
    expect(await within(targets).findByText('Web tier')).toBeTruthy();
    expect(within(targets).getByText('Collection')).toBeTruthy();

    const assets = screen.getByTestId('impact-assets');
    const row = (await within(assets).findByText('web-0001')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('+50%')).toBeTruthy();
    expect(within(row).getByText('+80%')).toBeTruthy();
    expect(screen.getByTestId('expected-mean').textContent).toBe('Mean expected impact: —');
  });

  it('saves one expected percent for every asset with PUT business-events/impact, and says so', async () => {
    const store = openPage(() => ({ status: 200, body: impactFixture() }));
    const all = await screen.findByTestId('expected-all');
    // Nothing typed: the range is asked for, nothing sent.
    fireEvent.click(screen.getByTestId('expected-save'));
    expect(await screen.findByText('Enter a percent between -100 and 10000.')).toBeTruthy();
    fireEvent.change(all, { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('expected-save'));
    await waitFor(() =>
      expect(writesOf(gateway.sent)).toEqual([
        [
          'PUT business-events/impact',
          {
            businessEventId: EVENT_ID,
            impacts: [
              { assetId: 'a1', impactPercent: 15 },
              { assetId: 'a2', impactPercent: 15 },
            ],
          },
        ],
      ]),
    );
    await waitFor(() =>
      expect(store.getState().toasts.items.map((toast) => [toast.messageKey, toast.variant])).toEqual([
        ['events.toasts.impactSaved', 'success'],
      ]),
    );
  });

  it('saves a percent per asset, leaving an empty one out', async () => {
    openPage(() => ({ status: 200, body: impactFixture() }));
    await screen.findByTestId('expected-all');
    fireEvent.click(screen.getByRole('radio', { name: 'A percent per asset' }));
    const field = await screen.findByTestId('expected-asset-a2');
    fireEvent.change(field, { target: { value: '-20' } });
    fireEvent.click(screen.getByTestId('expected-save'));
    await waitFor(() =>
      expect(writesOf(gateway.sent)).toEqual([
        ['PUT business-events/impact', { businessEventId: EVENT_ID, impacts: [{ assetId: 'a2', impactPercent: -20 }] }],
      ]),
    );
  });

  it('starts from the saved expected impact of each asset', async () => {
    const impact = impactFixture({ expectedImpactPercent: 7.5 });
    const [first, second] = impact.assets;
    if (!first || !second) throw new Error('two assets expected');
    impact.assets = [
      { ...first, expectedImpactPercent: 5 },
      { ...second, expectedImpactPercent: 10 },
    ];
    openPage(() => ({ status: 200, body: impact }));
    expect(((await screen.findByTestId('expected-asset-a1')) as HTMLInputElement).value).toBe('5');
    expect((screen.getByTestId('expected-asset-a2') as HTMLInputElement).value).toBe('10');
    expect(screen.getByTestId('expected-mean').textContent).toBe('Mean expected impact: +7.5%');
  });

  it('says "Measuring..." until analytics has measured the event, asking again every few seconds', async () => {
    // Analytics' 404 (it has not heard of the event yet) is logged, not toasted.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    openPage(() => {
      calls += 1;
      return calls === 1
        ? { status: 404, body: { statusCode: 404, message: 'Not found' } }
        : calls === 2
          ? { status: 200, body: impactFixture({ measuredAt: null, measured: null, targets: [] }) }
          : { status: 200, body: impactFixture() };
    });
    expect(await screen.findByTestId('event-measuring')).toBeTruthy();
    expect(screen.getByText('Measuring the impact...')).toBeTruthy();
    expect(warn).toHaveBeenCalled();
    await waitFor(() => expect(impactCalls()).toHaveLength(2), { timeout: IMPACT_POLL_MS * 5 });
    expect(screen.getByTestId('event-measuring')).toBeTruthy();
    expect(await screen.findByTestId('impact-workloadHours', undefined, { timeout: IMPACT_POLL_MS * 5 })).toBeTruthy();
    expect(screen.queryByTestId('event-measuring')).toBeNull();
    // Measured: no more asking (the check of an absence: a slower machine could only let it pass more easily).
    const asked = impactCalls().length;
    await new Promise((resolve) => setTimeout(resolve, IMPACT_POLL_MS + 500));
    expect(impactCalls()).toHaveLength(asked);
  });

  it('shows the expected impact read-only to a User', async () => {
    openPage(() => ({ status: 200, body: impactFixture() }), { role: 'User' });
    await screen.findByTestId('impact-assets');
    expect(screen.queryByTestId('expected-save')).toBeNull();
    expect(screen.queryByTestId('expected-all')).toBeNull();
    expect(screen.queryByTestId('event-edit')).toBeNull();
  });

  it('says "Oops! Event Not Found" for an unknown event', async () => {
    openPage(() => ({ status: 200, body: impactFixture() }), {
      reads: { [`business-events/${EVENT_ID}`]: () => ({ status: 404, body: { statusCode: 404, message: 'x' } }) },
    });
    expect(await screen.findByText('Oops! Event Not Found')).toBeTruthy();
  });
});
