import { TAG_RULE_MESSAGES } from '@infra/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { renderWithApp } from '../../testing/render';
import {
  selectDemoOrganization,
  stubGateway,
  tagFixture,
  writesOf,
  type GatewayData,
} from '../management/pageTestServer';
import CreateTagsPage from './CreateTagsPage';
import TagSummaryPage from './TagSummaryPage';

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

async function openPage(data: Partial<GatewayData> = {}) {
  gateway = stubGateway({ tags: [tagFixture({ id: 't1', key: 'env', value: 'prod' })], ...data });
  const { store } = renderWithApp(
    <Routes>
      <Route path={ROUTES.tagCreate} element={<CreateTagsPage />} />
      <Route path={ROUTES.tagSummary} element={<TagSummaryPage />} />
    </Routes>,
    ROUTES.tagCreate,
  );
  selectDemoOrganization(store);
  await screen.findByTestId('tag-key-0');
  // The existing pairs have loaded.
  await waitFor(() => expect(gateway.sent.some((request) => request.path === '/api/v1/tags')).toBe(true));
  return store;
}

const type = async (testId: string, value: string) => {
  const field = screen.getByTestId(testId);
  // The form checks a field asynchronously as it changes and is left: the act waits until that is done.
  await act(async () => {
    fireEvent.change(field, { target: { value } });
    fireEvent.blur(field);
  });
};

/** A click whose effects the form checks asynchronously (a row added or removed, a submit): the act waits for them. */
const click = (fire: () => void) => act(async () => fire());

describe('Create Tags', () => {
  it('shows the rule of a field once it is left', async () => {
    await openPage();
    await type('tag-key-0', 'has space');
    expect(await screen.findByText(TAG_RULE_MESSAGES.key)).toBeTruthy();
    // The value has not been visited yet.
    expect(screen.queryByText(TAG_RULE_MESSAGES.value)).toBeNull();
    await type('tag-key-0', 'team');
    await waitFor(() => expect(screen.queryByText(TAG_RULE_MESSAGES.key)).toBeNull());
  });

  it('flags a pair repeated in the form and a pair that exists, and sends nothing', async () => {
    await openPage();
    await type('tag-key-0', 'team');
    await type('tag-value-0', 'web');
    await click(() => fireEvent.click(screen.getByTestId('tag-add-row')));
    await type('tag-key-1', 'Team');
    await type('tag-value-1', 'WEB');
    await click(() => fireEvent.click(screen.getByTestId('tag-add-row')));
    await type('tag-key-2', 'env');
    await type('tag-value-2', 'prod');
    await click(() => fireEvent.click(screen.getByTestId('tags-create-submit')));
    const second = screen.getByRole('group', { name: 'Tag 2' });
    expect(await within(second).findByText(TAG_RULE_MESSAGES.duplicateInRequest)).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Tag 3' })).getByText(TAG_RULE_MESSAGES.alreadyExists),
    ).toBeTruthy();
    expect(writesOf(gateway.sent)).toEqual([]);

    // Removing the repeated row leaves the existing pair to fix.
    await click(() => fireEvent.click(screen.getByRole('button', { name: 'Remove tag 2' })));
    expect(screen.queryByText(TAG_RULE_MESSAGES.duplicateInRequest)).toBeNull();
    expect(screen.getByText(TAG_RULE_MESSAGES.alreadyExists)).toBeTruthy();
  });

  it('checks the rows again when one is removed: the pair it repeated is no longer flagged', async () => {
    await openPage();
    await type('tag-key-0', 'team');
    await type('tag-value-0', 'web');
    await click(() => fireEvent.click(screen.getByTestId('tag-add-row')));
    await type('tag-key-1', 'Team');
    await type('tag-value-1', 'WEB');
    expect(screen.getByText(TAG_RULE_MESSAGES.duplicateInRequest)).toBeTruthy();
    await click(() => fireEvent.click(screen.getByRole('button', { name: 'Remove tag 1' })));
    expect((screen.getByTestId('tag-key-0') as HTMLInputElement).value).toBe('Team');
    expect(screen.queryByText(TAG_RULE_MESSAGES.duplicateInRequest)).toBeNull();
  });

  it('creates the tags and shows them on the Summary', async () => {
    const created = [
      tagFixture({ id: 't2', key: 'team', value: 'web', description: 'Web_team' }),
      tagFixture({ id: 't3', key: 'tier', value: 'gold' }),
    ];
    await openPage({ writes: { 'POST tags/batch': { status: 201, body: { tags: created } } } });
    await type('tag-key-0', 'team');
    await type('tag-value-0', 'web');
    await type('tag-description-0', 'Web_team');
    fireEvent.click(screen.getByTestId('tag-add-row'));
    await type('tag-key-1', 'tier');
    await type('tag-value-1', 'gold');
    fireEvent.click(screen.getByTestId('tags-create-submit'));
    await waitFor(() =>
      expect(writesOf(gateway.sent)).toEqual([
        [
          'POST tags/batch',
          {
            tags: [
              { key: 'team', value: 'web', description: 'Web_team' },
              { key: 'tier', value: 'gold' },
            ],
          },
        ],
      ]),
    );
    expect(await screen.findByText('Tags created: 2')).toBeTruthy();
    const list = screen.getByTestId('summary-created');
    expect(within(list).getByText('team:web')).toBeTruthy();
    expect(within(list).getByText('tier:gold')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(ROUTES.tagSummary);
  });

  it('stays on the form with the already-exists toast when the server refuses a pair', async () => {
    const store = await openPage({
      writes: {
        'POST tags/batch': {
          status: 409,
          body: {
            statusCode: 409,
            message: 'Oops!, the item you are trying to save already exist.',
            errorId: 'e-1',
            code: 'TAG_EXISTS',
          },
        },
      },
    });
    await type('tag-key-0', 'team');
    await type('tag-value-0', 'web');
    fireEvent.click(screen.getByTestId('tags-create-submit'));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((toast) => toast.messageKey)).toEqual(['toast.alreadyExists']),
    );
    expect(screen.getByTestId('location').textContent).toBe(ROUTES.tagCreate);
  });

  it('tells a User to ask an admin', async () => {
    gateway = stubGateway({ role: 'User' });
    const { store } = renderWithApp(<CreateTagsPage />, ROUTES.tagCreate);
    selectDemoOrganization(store);
    expect(await screen.findByText(/Only the account's admins can create, assign or import tags/)).toBeTruthy();
    expect(screen.queryByTestId('tag-key-0')).toBeNull();
  });
});
