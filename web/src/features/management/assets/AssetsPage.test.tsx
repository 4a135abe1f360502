import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render';
import { assetFixture, selectDemoOrganization, stubGateway, writesOf } from '../pageTestServer';
import AssetsPage from './AssetsPage';

const assets = Array.from({ length: 12 }, (_, index) =>
  assetFixture({
    id: `a${index + 1}`,
    name: `web-${String(index + 1).padStart(4, '0')}`,
    externalId: `i-${index + 1}`,
  }),
);

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

function openPage(language: 'en' | 'fr' = 'en') {
  const { store } = renderWithApp(<AssetsPage />, '/admin/assets', { language });
  selectDemoOrganization(store);
}

const assetRequests = () => gateway.sent.filter((request) => request.url.startsWith('/api/v1/assets?'));

describe('Admin → Assets', () => {
  it('pages on the server, 10 rows first, each linking to its asset', async () => {
    gateway = stubGateway({ assets });
    openPage();
    expect(await screen.findByRole('heading', { name: 'Assets' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'web-0001' });
    expect(link.getAttribute('href')).toBe('/assets/a1');
    expect(screen.getAllByRole('link', { name: /^web-/ })).toHaveLength(10);
    expect(assetRequests()[0]?.url).toBe('/api/v1/assets?page=1&pageSize=10');
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
  });

  it('shows memory and status in the reader\'s language: "8 Gio" and "En service" (not "Actif", the asset)', async () => {
    gateway = stubGateway({ assets: assets.slice(0, 1) });
    openPage('fr');
    const row = (await screen.findByRole('link', { name: 'web-0001' })).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('8 Gio')).toBeTruthy();
    expect(within(row).getByText('En service')).toBeTruthy();
    expect(within(row).queryByText(/GiB|^Actif$/)).toBeNull();
  });

  it('searches on the server from the "Filter:" field', async () => {
    gateway = stubGateway({ assets });
    openPage();
    await screen.findByRole('link', { name: 'web-0001' });
    const filter = screen.getByLabelText('Filter:');
    expect(filter.getAttribute('placeholder')).toBe('type string...');
    fireEvent.change(filter, { target: { value: 'web-0012' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'web-0001' })).toBeNull());
    expect(screen.getByRole('link', { name: 'web-0012' })).toBeTruthy();
    expect(assetRequests().at(-1)?.url).toBe('/api/v1/assets?page=1&pageSize=10&search=web-0012');
  });

  it('lets an Admin set the status of the selected assets', async () => {
    gateway = stubGateway({
      assets,
      writes: { 'POST assets/update-active-status': { status: 200, body: { updated: 2 } } },
    });
    openPage();
    await screen.findByRole('link', { name: 'web-0001' });
    const rows = screen.getAllByRole('row').slice(1);
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('checkbox'));
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('checkbox'));
    const bar = await screen.findByTestId('assets-bulk-bar');
    expect(within(bar).getByText('Selected: 2')).toBeTruthy();
    fireEvent.mouseDown(within(bar).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Offline' }));
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(writesOf(gateway.sent)).toEqual([
        ['POST assets/update-active-status', { assetIds: ['a1', 'a2'], status: 'offline' }],
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('assets-bulk-bar')).toBeNull());
  });

  it('offers a User no selection or status change', async () => {
    gateway = stubGateway({ assets, role: 'User' });
    openPage();
    await screen.findByRole('link', { name: 'web-0001' });
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });

  it('says "No items found" when nothing matches', async () => {
    gateway = stubGateway({ assets: [] });
    openPage();
    expect(await screen.findByText('No items found')).toBeTruthy();
  });
});
