import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { renderWithApp } from '../../testing/render';
import {
  assetFixture,
  collectionFixture,
  selectDemoOrganization,
  stubGateway,
  tagFixture,
  writesOf,
  type GatewayData,
} from '../management/pageTestServer';
import TagAssignPage from './TagAssignPage';
import TagSummaryPage from './TagSummaryPage';

const tags = [
  tagFixture({ id: 't1', key: 'env', value: 'prod' }),
  tagFixture({ id: 't2', key: 'team', value: 'old', status: 'Archived' }),
  tagFixture({ id: 't3', key: 'site', value: 'us-east-1a', system: true }),
];
const assets = [assetFixture({ id: 'a1', name: 'web-0001' }), assetFixture({ id: 'a2', name: 'db-0001' })];
const collections = [collectionFixture({ id: 'c1', name: 'Web tier', assetCount: 4 })];

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

async function openPage(data: Partial<GatewayData> = {}) {
  gateway = stubGateway({ tags, assets, collections, ...data });
  const { store } = renderWithApp(
    <Routes>
      <Route path={ROUTES.tagAssign} element={<TagAssignPage />} />
      <Route path={ROUTES.tagSummary} element={<TagSummaryPage />} />
    </Routes>,
    ROUTES.tagAssign,
  );
  selectDemoOrganization(store);
  await screen.findByTestId('tag-assign-tags');
  return store;
}

function chosenTargets(): (string | null)[] {
  const chosen = screen.queryByRole('list', { name: 'Chosen assets and collections' });
  return chosen
    ? within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    : [];
}

/**
 * Picks an option of the target search. The list is re-rendered while the debounced search and its answer
 * arrive, and a click on an option being replaced is lost: click again until the chip shows (a chosen option
 * leaves the list, so a second click can never unpick it).
 */
async function pickTarget(option: RegExp, chip: string) {
  await waitFor(() => {
    if (!chosenTargets().includes(chip)) fireEvent.click(screen.getByRole('option', { name: option }));
    expect(chosenTargets()).toContain(chip);
  });
}

describe('Tag Assignment', () => {
  it('offers only tags that can be assigned by hand', async () => {
    await openPage();
    fireEvent.mouseDown(screen.getByTestId('tag-assign-tags'));
    expect(await screen.findByRole('option', { name: 'env:prod' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'team:old' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'site:us-east-1a' })).toBeNull();
    const tagQuery = gateway.sent.find((request) => request.path === '/api/v1/tags');
    expect(tagQuery?.search.get('status')).toBe('Active,Pending,Offline');
  });

  it('asks for a tag and a target before sending anything', async () => {
    await openPage();
    fireEvent.click(screen.getByTestId('tags-assign-submit'));
    expect(await screen.findByText('Choose at least one tag.')).toBeTruthy();
    expect(screen.getByText('Choose at least one asset or collection.')).toBeTruthy();
    expect(writesOf(gateway.sent)).toEqual([]);
  });

  it('assigns tags to a collection and an asset, one removed with its x, then shows the summary', async () => {
    const summary = { tags: 1, assets: 5, newlyAssigned: 4, alreadyPresent: 1, unassigned: 0 };
    await openPage({ writes: { 'POST tags/batchAssignTags': { status: 200, body: summary } } });
    fireEvent.mouseDown(screen.getByTestId('tag-assign-tags'));
    fireEvent.click(await screen.findByRole('option', { name: 'env:prod' }));

    const picker = screen.getByTestId('tag-target-picker');
    fireEvent.change(picker, { target: { value: 'web' } });
    await pickTarget(/Collection: Web tier/, 'Collection: Web tier');
    // The search text stays for the next pick (the chip shows what was picked).
    expect((picker as HTMLInputElement).value).toBe('web');
    await pickTarget(/web-0001/, 'web-0001');
    fireEvent.change(picker, { target: { value: 'db' } });
    await pickTarget(/db-0001/, 'db-0001');
    const chosen = screen.getByRole('list', { name: 'Chosen assets and collections' });
    expect(chosenTargets()).toEqual(['Collection: Web tier', 'web-0001', 'db-0001']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove db-0001' }));
    await waitFor(() => expect(within(chosen).getAllByRole('listitem')).toHaveLength(2));

    fireEvent.click(screen.getByTestId('tags-assign-submit'));
    await waitFor(() =>
      expect(writesOf(gateway.sent)).toEqual([
        ['POST tags/batchAssignTags', { tagIds: ['t1'], assetIds: ['a1'], collectionIds: ['c1'] }],
      ]),
    );
    expect(await screen.findByText('Tags assigned')).toBeTruthy();
    expect(screen.getByTestId('summary-newlyAssigned').textContent).toBe('Newly assigned4');
    expect(screen.getByTestId('summary-alreadyPresent').textContent).toBe('Already present1');
    expect(screen.getByText('env:prod')).toBeTruthy();
  });
});

describe('Summary', () => {
  it('says there is nothing to summarize on a direct visit, with a way back', async () => {
    gateway = stubGateway();
    const { store } = renderWithApp(<TagSummaryPage />, ROUTES.tagSummary);
    selectDemoOrganization(store);
    expect(await screen.findByText('There is nothing to summarize: create or assign tags first.')).toBeTruthy();
    expect(screen.getByTestId('summary-back').getAttribute('href')).toBe(ROUTES.tagLibrary);
  });
});
