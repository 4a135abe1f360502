import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { memberFixture } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render';
import type { AccountUpdate } from './accountApi';
import { AccountSettingsForm, type AccountSettings } from './AccountSettingsForm';
import { parseThreshold, thresholdsValid } from './thresholds';

const account: AccountSettings = {
  name: 'Demo Account',
  ownerId: 'u1',
  billingContactId: 'u1',
  technicalContactId: '',
  timeZone: 'UTC',
  minWorkloadPercentThreshold: 40,
  maxWorkloadPercentThreshold: 60,
};
const members = [
  memberFixture({ userId: 'u1', firstName: 'Ada', lastName: 'Admin', email: 'admin@demo.local', role: 'Admin' }),
  memberFixture({ userId: 'u2', firstName: 'Bob', lastName: 'Builder', email: 'bob@demo.local' }),
];
const RULE = 'Workload thresholds must be between 0 and 100, with the minimum below the maximum.';

function renderForm() {
  const submitted: AccountUpdate[] = [];
  renderWithApp(
    <AccountSettingsForm
      account={account}
      members={members}
      onSubmit={(changes) => submitted.push(changes)}
      onCancel={() => undefined}
    />,
  );
  const min = screen.getByLabelText('Minimum workload threshold');
  const max = screen.getByLabelText('Maximum workload threshold');
  // Save checks the form asynchronously: the click's act waits until that is done.
  const save = () =>
    act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
  return { submitted, min, max, save };
}

describe('thresholdsValid', () => {
  it.each([
    [40, 60],
    [0, 100],
    [0, 1],
    [99.5, 100],
  ])('accepts %p–%p', (min, max) => expect(thresholdsValid(min, max)).toBe(true));

  it.each([
    [60, 60],
    [70, 60],
    [-1, 60],
    [40, 101],
    [Number.NaN, 60],
    [40, Number.POSITIVE_INFINITY],
  ])('rejects %p–%p', (min, max) => expect(thresholdsValid(min, max)).toBe(false));

  it('reads an empty entry as no number', () => {
    expect(parseThreshold(' ')).toBeNaN();
    expect(parseThreshold('45')).toBe(45);
  });
});

describe('account settings form', () => {
  it('shows the thresholds rule and does not submit while the minimum is not below the maximum', async () => {
    const { submitted, min, save } = renderForm();
    expect(screen.queryByText(RULE)).toBeNull();
    fireEvent.change(min, { target: { value: '70' } });
    expect((await screen.findByTestId('thresholds-error')).textContent).toBe(RULE);
    await save();
    expect(submitted).toEqual([]);
  });

  it('rejects a threshold outside 0–100 and an empty one', async () => {
    const { submitted, min, max, save } = renderForm();
    fireEvent.change(max, { target: { value: '120' } });
    expect(await screen.findByText(RULE)).toBeTruthy();
    fireEvent.change(max, { target: { value: '80' } });
    await waitFor(() => expect(screen.queryByText(RULE)).toBeNull());
    fireEvent.change(min, { target: { value: '' } });
    expect(await screen.findByText(RULE)).toBeTruthy();
    await save();
    expect(submitted).toEqual([]);
  });

  it('submits only the changed fields once valid', async () => {
    const { submitted, min, max, save } = renderForm();
    fireEvent.change(min, { target: { value: '30' } });
    fireEvent.change(max, { target: { value: '75' } });
    await save();
    expect(submitted).toEqual([{ minWorkloadPercentThreshold: 30, maxWorkloadPercentThreshold: 75 }]);
  });

  it('chooses a contact from the members', async () => {
    const { submitted, save } = renderForm();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Technical contact' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bob Builder (bob@demo.local)' }));
    await save();
    expect(submitted).toEqual([{ technicalContactId: 'u2' }]);
  });
});
