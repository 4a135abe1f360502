import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../testing/render';
import {
  selectDemoOrganization,
  stubGateway,
  tagFixture,
  writesOf,
  type GatewayData,
} from '../management/pageTestServer';
import TagLibraryPage from './TagLibraryPage';

const tags = [
  tagFixture({ id: 't1', key: 'env', value: 'prod', description: 'Production', assetCount: 3 }),
  tagFixture({ id: 't2', key: 'team', value: 'web', status: 'Archived' }),
  tagFixture({ id: 't3', key: 'site', value: 'us-east-1a', system: true }),
];

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

async function openPage(data: Partial<GatewayData> = {}) {
  gateway = stubGateway({ tags, ...data });
  const { store } = renderWithApp(<TagLibraryPage />, '/admin/tag-library');
  selectDemoOrganization(store);
  return store;
}

describe('Tag Library', () => {
  it('lists the tags with their status, without system tags until asked', async () => {
    await openPage();
    expect(await screen.findByText('env:prod')).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Tag Library' });
    expect(within(grid).getByText('Production')).toBeTruthy();
    expect(within(grid).getByText('Archived')).toBeTruthy();
    expect(within(grid).queryByText('site:us-east-1a')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Include system tags' }));
    expect(await within(grid).findByText('site:us-east-1a')).toBeTruthy();
    expect(gateway.sent.some((request) => request.search.get('includeSystemTags') === 'true')).toBe(true);
    // System tags follow their assets: logs only.
    expect(screen.queryByRole('menuitem', { name: 'Edit site:us-east-1a' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Logs of site:us-east-1a' })).toBeTruthy();
  });

  it('says "No tags found" when there are none', async () => {
    await openPage({ tags: [] });
    expect(await screen.findByText('No tags found')).toBeTruthy();
  });

  it('edits a description, checking the rule as the user types', async () => {
    await openPage({ writes: { 'PATCH tags/t1': { status: 200, body: tags[0] } } });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit env:prod' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByTestId('tag-description');
    expect((field as HTMLInputElement).value).toBe('Production');
    fireEvent.change(field, { target: { value: 'Two words' } });
    expect(
      within(dialog).getByText(
        'Only letters, digits and _-., characters are allowed, no spaces. Maximum 256 Characters',
      ),
    ).toBeTruthy();
    expect((within(dialog).getByTestId('tag-description-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'Prod_env.v2' } });
    fireEvent.click(within(dialog).getByTestId('tag-description-save'));
    await waitFor(() => expect(writesOf(gateway.sent)).toEqual([['PATCH tags/t1', { description: 'Prod_env.v2' }]]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('archives and restores only after confirmation', async () => {
    const store = await openPage();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Archive env:prod' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Archive env:prod\?/)).toBeTruthy();
    expect(writesOf(gateway.sent)).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('tag-archive-confirm'));
    await waitFor(() => expect(writesOf(gateway.sent)).toEqual([['PATCH tags/t1', { archived: true }]]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(store.getState().toasts.items.map((toast) => toast.messageKey)).toEqual(['tags.toasts.updated']),
    );

    fireEvent.click(screen.getByRole('menuitem', { name: 'Restore team:web' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('tag-archive-confirm'));
    await waitFor(() => expect(writesOf(gateway.sent)[1]).toEqual(['PATCH tags/t2', { archived: false }]));
  });

  it("opens a tag's logs and the organization's audit log", async () => {
    await openPage();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logs of env:prod' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/logs/t1'));
    expect(screen.getByTestId('tags-audit-log').getAttribute('href')).toBe('/admin/logs/o1');
  });

  it('offers a User no write action', async () => {
    await openPage({ role: 'User' });
    await screen.findByText('env:prod');
    expect(screen.queryByTestId('tags-create')).toBeNull();
    expect(screen.queryByTestId('tags-import')).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Edit env:prod' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Archive env:prod' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Logs of env:prod' })).toBeTruthy();
  });
});
