import type { RuleDto } from '@infra/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../testing/render';
import {
  collectionFixture,
  selectDemoOrganization,
  stubGateway,
  tagFixture,
  writesOf,
  type GatewayData,
} from '../management/pageTestServer';
import RulesPage from './RulesPage';

const rule: RuleDto = {
  id: 'r1',
  name: 'Web servers',
  tagId: 't1',
  conditions: { sites: ['us-east-1a'], collectionIds: ['c1'] },
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const tags = [
  tagFixture({ id: 't1', key: 'env', value: 'prod' }),
  tagFixture({ id: 't2', key: 'tier', value: 'web' }),
  tagFixture({ id: 't3', key: 'site', value: 'us-east-1a', system: true }),
];

let gateway: ReturnType<typeof stubGateway>;
afterEach(() => gateway.restore());

async function openPage(data: Partial<GatewayData> = {}) {
  gateway = stubGateway({
    tags,
    collections: [collectionFixture({ id: 'c1', name: 'Web tier' })],
    reads: { rules: () => ({ status: 200, body: [rule] }) },
    ...data,
  });
  const { store } = renderWithApp(<RulesPage />, '/admin/business-rules');
  selectDemoOrganization(store);
  const grid = await screen.findByRole('grid', { name: 'Business Rule' });
  await within(grid).findByText('Web servers');
  return { store, grid };
}

describe('Admin → Rules', () => {
  it('lists the rules with their tag, conditions and state', async () => {
    const { grid } = await openPage();
    expect(await within(grid).findByText('env:prod')).toBeTruthy();
    expect(await within(grid).findByText('Sites: us-east-1a · Collections: Web tier')).toBeTruthy();
    expect(within(grid).getByText('On')).toBeTruthy();
  });

  it('creates a rule after previewing the assets it matches', async () => {
    await openPage({
      writes: {
        'POST rules/preview': {
          status: 200,
          body: { total: 12, assets: [{ id: 'a1', name: 'web-0001', externalId: 'i-1' }] },
        },
        'POST rules': { status: 201, body: { ...rule, id: 'r2' } },
      },
    });
    fireEvent.click(screen.getByTestId('rule-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('rule-save'));
    expect(await within(dialog).findByText('Name is required: up to 100 characters.')).toBeTruthy();
    expect(within(dialog).getByText('Choose the tag to assign.')).toBeTruthy();
    expect(within(dialog).getByText('Give at least one condition.')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('rule-name'), { target: { value: 'Web' } });
    fireEvent.mouseDown(within(dialog).getByTestId('rule-tag'));
    // Archived and system tags are not offered.
    expect(screen.queryByRole('option', { name: 'site:us-east-1a' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'tier:web' }));
    fireEvent.change(within(dialog).getByTestId('rule-name-pattern'), { target: { value: 'web-*' } });
    fireEvent.click(within(dialog).getByTestId('rule-preview-button'));
    expect(await within(dialog).findByText('Matching assets: 12')).toBeTruthy();
    expect(within(dialog).getByText('web-0001')).toBeTruthy();
    expect(within(dialog).getByText('and 11 more')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('rule-save'));
    await waitFor(() =>
      expect(writesOf(gateway.sent)).toEqual([
        ['POST rules/preview', { conditions: { namePattern: 'web-*' } }],
        ['POST rules', { name: 'Web', tagId: 't2', conditions: { namePattern: 'web-*' }, enabled: true }],
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('applies a rule now, and deletes one only after confirmation', async () => {
    const { store } = await openPage({
      writes: { 'POST rules/r1/apply': { status: 200, body: { matched: 3, newlyAssigned: 2 } } },
    });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Apply Web servers now' }));
    await waitFor(() =>
      expect(store.getState().toasts.items.map((toast) => toast.messageKey)).toEqual(['toast.actionCompleted']),
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete Web servers' }));
    const dialog = await screen.findByRole('dialog');
    expect(writesOf(gateway.sent)).toEqual([['POST rules/r1/apply', undefined]]);
    fireEvent.click(within(dialog).getByTestId('rule-delete-confirm'));
    await waitFor(() => expect(writesOf(gateway.sent)[1]).toEqual(['DELETE rules/r1', undefined]));
  });

  it('edits a rule with its saved conditions', async () => {
    await openPage({ writes: { 'PUT rules/r1': { status: 200, body: rule } } });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit Web servers' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByTestId('rule-name') as HTMLInputElement).value).toBe('Web servers');
    expect(within(dialog).getByText('Web tier')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Enabled' }));
    fireEvent.click(within(dialog).getByTestId('rule-save'));
    await waitFor(() =>
      expect(writesOf(gateway.sent)).toEqual([
        ['PUT rules/r1', { name: 'Web servers', tagId: 't1', conditions: rule.conditions, enabled: false }],
      ]),
    );
  });

  it('shows a User the rules without any change', async () => {
    await openPage({ role: 'User' });
    expect(screen.queryByTestId('rule-create')).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete Web servers' })).toBeNull();
  });
});
