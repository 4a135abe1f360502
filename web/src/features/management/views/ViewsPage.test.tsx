import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render';
import {
  collectionFixture,
  selectDemoOrganization,
  stubGateway,
  viewFixture,
  writesOf,
  type GatewayData,
} from '../pageTestServer';
import ViewsPage from './ViewsPage';

const collections = [
  collectionFixture({ id: 'c1', name: 'Web tier' }),
  collectionFixture({ id: 'c2', name: 'Databases' }),
];

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

function openPage(data: Partial<GatewayData> = {}) {
  gateway = stubGateway({ collections, ...data });
  const { store } = renderWithApp(<ViewsPage />, '/admin/views');
  selectDemoOrganization(store);
  return store;
}

describe('Admin → Views', () => {
  it('says "No Views Found" when the organization has none', async () => {
    openPage();
    expect(await screen.findByText('No Views Found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Views' })).toBeTruthy();
  });

  it('says "No Views Found" too when its filter matches no view (not "No items found")', async () => {
    openPage({ views: [viewFixture()] });
    await screen.findByRole('link', { name: 'web-tier' });
    fireEvent.change(screen.getByTestId('views-filter'), { target: { value: 'nothing-like-it' } });
    expect(await screen.findByText('No Views Found')).toBeTruthy();
    expect(screen.queryByText('No items found')).toBeNull();
  });

  it('lists the views with their collections, each linking to its page', async () => {
    openPage({ views: [viewFixture()] });
    const link = await screen.findByRole('link', { name: 'web-tier' });
    expect(link.getAttribute('href')).toBe('/views/v1');
    expect(screen.getByText('Web tier')).toBeTruthy();
  });

  it('adds a view once its name and description follow the rules', async () => {
    openPage({ writes: { 'PATCH views': { status: 200, body: viewFixture({ id: 'v2', name: 'db' }) } } });
    fireEvent.click(await screen.findByTestId('view-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add View' });
    // Nothing is said about a field before it is touched; once typed in, it is checked as it is typed.
    expect(within(dialog).queryByText('Name is required.')).toBeNull();
    fireEvent.change(within(dialog).getByTestId('view-name'), { target: { value: 'two words' } });
    // A filled name that breaks the rule says what is wrong, not that it is required.
    expect(
      await within(dialog).findByText('Only letters, digits, _ and - are allowed, no spaces. Maximum 30 Characters'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/is required/)).toBeNull();
    fireEvent.change(within(dialog).getByTestId('view-name'), { target: { value: '' } });
    expect(await within(dialog).findByText('Name is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('view-name'), { target: { value: 'two words' } });
    fireEvent.change(within(dialog).getByTestId('view-description'), { target: { value: 'has.dot' } });
    expect(await within(dialog).findByText('Up to 256 letters, digits, _ , or - characters.')).toBeTruthy();
    // Save checks the form asynchronously: the click's act waits until that is done.
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('view-save'));
    });
    expect(writesOf(gateway.sent)).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('view-name'), { target: { value: 'db_views-1' } });
    fireEvent.change(within(dialog).getByTestId('view-description'), { target: { value: 'Databases,only' } });
    fireEvent.change(within(dialog).getByTestId('view-collections'), { target: { value: 'Data' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Databases' }));
    fireEvent.click(within(dialog).getByTestId('view-save'));
    await waitFor(() =>
      expect(writesOf(gateway.sent)).toEqual([
        [
          'PATCH views',
          {
            name: 'db_views-1',
            description: 'Databases,only',
            tagIds: [],
            collectionIds: ['c2'],
            timeHorizon: 'Last 30 Days',
          },
        ],
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits a view, or saves it as a new one', async () => {
    openPage({ views: [viewFixture()], writes: { 'PATCH views': { status: 200, body: viewFixture() } } });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit web-tier' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit View' });
    expect((within(dialog).getByTestId('view-name') as HTMLInputElement).value).toBe('web-tier');
    fireEvent.change(within(dialog).getByTestId('view-name'), { target: { value: 'web-tier-copy' } });
    fireEvent.click(within(dialog).getByTestId('view-save-as-new'));
    await waitFor(() => expect(writesOf(gateway.sent)).toHaveLength(1));
    expect(writesOf(gateway.sent)[0]?.[1]).not.toHaveProperty('id');
    expect(writesOf(gateway.sent)[0]?.[1]).toMatchObject({ name: 'web-tier-copy', collectionIds: ['c1'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit web-tier' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit View' });
    fireEvent.click(within(dialog).getByTestId('view-save'));
    await waitFor(() => expect(writesOf(gateway.sent)).toHaveLength(2));
    expect(writesOf(gateway.sent)[1]?.[1]).toMatchObject({ id: 'v1', name: 'web-tier' });
  });

  it('keeps the dialog open with the view failure text when saving fails', async () => {
    const store = openPage({ writes: { 'PATCH views': { status: 500, body: { statusCode: 500, message: 'boom' } } } });
    fireEvent.click(await screen.findByTestId('view-add'));
    const dialog = await screen.findByRole('dialog', { name: 'Add View' });
    fireEvent.change(within(dialog).getByTestId('view-name'), { target: { value: 'web' } });
    fireEvent.click(within(dialog).getByTestId('view-save'));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((toast) => toast.messageKey)).toEqual([
        'inventory.toasts.viewCreateError',
      ]),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("lets a User change their own views but not another member's", async () => {
    openPage({
      role: 'User',
      views: [
        viewFixture({ id: 'v1', name: 'mine', createdBy: 'u1' }),
        viewFixture({ id: 'v2', name: 'theirs', createdBy: 'u2' }),
      ],
    });
    expect(await screen.findByRole('menuitem', { name: 'Edit mine' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Delete mine' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Edit theirs' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete theirs' })).toBeNull();
    expect(screen.getByTestId('view-add')).toBeTruthy();
  });

  it('deletes a view after confirmation', async () => {
    openPage({ views: [viewFixture()], writes: { 'DELETE views/v1': { status: 204 } } });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete web-tier' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the view web-tier?')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('view-delete-confirm'));
    await waitFor(() => expect(writesOf(gateway.sent)).toEqual([['DELETE views/v1', undefined]]));
  });
});
