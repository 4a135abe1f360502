import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render';
import {
  assetFixture,
  collectionFixture,
  selectDemoOrganization,
  stubGateway,
  writesOf,
  type GatewayData,
} from '../pageTestServer';
import CollectionsPage from './CollectionsPage';

const assets = [
  assetFixture({ id: 'a1', name: 'web-0001', collectionIds: ['c1'] }),
  assetFixture({ id: 'a2', name: 'web-0002' }),
  assetFixture({ id: 'a3', name: 'db-0001' }),
];
const collections = [collectionFixture({ id: 'c1', name: 'Web tier', assetCount: 1 })];

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

async function openPage(data: Partial<GatewayData> = {}) {
  gateway = stubGateway({ assets, collections, ...data });
  const { store } = renderWithApp(<CollectionsPage />, '/admin/collections');
  selectDemoOrganization(store);
  await screen.findByRole('link', { name: 'Web tier' });
  return store;
}

describe('Admin → Collections', () => {
  it('lists the collections, each linking to its page', async () => {
    await openPage();
    expect(screen.getByRole('heading', { name: 'Collections' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Web tier' }).getAttribute('href')).toBe('/collections/c1');
  });

  it('creates a collection with assets picked by searching on the server', async () => {
    await openPage({ writes: { 'POST collections': { status: 201, body: collectionFixture({ id: 'c2' }) } } });
    fireEvent.click(screen.getByTestId('collection-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('collection-save'));
    expect(await within(dialog).findByText('Name is required: up to 100 characters.')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('collection-name'), { target: { value: ' Databases ' } });
    const picker = within(dialog).getByTestId('collection-asset-picker');
    fireEvent.change(picker, { target: { value: 'db' } });
    fireEvent.click(await screen.findByRole('option', { name: /db-0001/ }));
    expect(await within(dialog).findByTestId('picked-asset-a3')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('collection-save'));
    await waitFor(() =>
      expect(writesOf(gateway.sent)).toEqual([['POST collections', { name: 'Databases', assetIds: ['a3'] }]]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open and says the name exists when the server answers a duplicate', async () => {
    const store = await openPage({
      writes: {
        'POST collections': { status: 409, body: { statusCode: 409, message: 'x', code: 'COLLECTION_NAME_TAKEN' } },
      },
    });
    fireEvent.click(screen.getByTestId('collection-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('collection-name'), { target: { value: 'Web tier' } });
    fireEvent.click(within(dialog).getByTestId('collection-save'));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((toast) => toast.messageKey)).toEqual(['toast.alreadyExists']),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('edits the members: removes one with its x and adds another', async () => {
    await openPage();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit assets of Web tier' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByTestId('remove-asset-a1'));
    await waitFor(() => expect(within(dialog).queryByTestId('picked-asset-a1')).toBeNull());
    fireEvent.change(within(dialog).getByTestId('collection-asset-picker'), { target: { value: 'web-0002' } });
    fireEvent.click(await screen.findByRole('option', { name: /web-0002/ }));
    fireEvent.click(within(dialog).getByTestId('collection-members-save'));
    await waitFor(() =>
      expect(writesOf(gateway.sent)).toEqual([
        ['PUT collections/c1/assets', { add: ['a2'] }],
        ['PUT collections/c1/assets', { remove: ['a1'] }],
      ]),
    );
  });

  it('deletes a collection only after confirmation', async () => {
    await openPage();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Web tier' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the collection Web tier? Its assets stay.')).toBeTruthy();
    expect(writesOf(gateway.sent)).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('collection-delete-confirm'));
    await waitFor(() => expect(writesOf(gateway.sent)).toEqual([['DELETE collections/c1', undefined]]));
  });

  it('offers a User neither create nor the row actions', async () => {
    await openPage({ role: 'User' });
    expect(screen.queryByTestId('collection-create')).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete Web tier' })).toBeNull();
  });
});
