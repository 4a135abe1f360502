import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiSettled, stubApiRoutes } from '../../../testing/apiFetch';
import { accountFixture } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { PlanDialog } from './PlanDialog';

describe('plan dialog (System Admins)', () => {
  it('refuses a limit that is not a whole number, then sends the plan and the limit', async () => {
    const account = accountFixture({ id: 'a1', plan: 'Standard', assetLimit: 1000 });
    const stub = stubApiRoutes({ 'PUT /api/v1/accounts/a1': () => ({ status: 200, body: account }) });
    const closed: true[] = [];
    const { store } = renderWithApp(<PlanDialog account={account} open onClose={() => closed.push(true)} />);
    const dialog = await screen.findByRole('dialog');
    const save = () =>
      act(async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      });
    fireEvent.change(within(dialog).getByLabelText(/^Plan/), { target: { value: ' Premium ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Asset limit/), { target: { value: '2.5' } });
    await save();
    expect(within(dialog).getByText('Enter a whole number of assets, at most 10,000,000.')).toBeTruthy();
    expect(stub.callsTo('PUT /api/v1/accounts/a1')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/^Asset limit/), { target: { value: '5000' } });
    await save();
    await waitFor(() => expect(closed).toEqual([true]));
    expect(stub.callsTo('PUT /api/v1/accounts/a1')[0]?.body).toEqual({ plan: 'Premium', assetLimit: 5000 });
    await waitFor(() => expect(apiSettled(store.getState())).toBe(true));
    stub.restore();
  });
});
