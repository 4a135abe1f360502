import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { renderWithApp } from '../../../testing/render';
import { AddMemberDialog, type NewMember } from './MemberDialogs';

const EMAIL_RULE = 'Enter a valid email address.';

/** The dialog with an opener: Cancel closes it, the opener opens it again. */
function AddMember({ onSubmit }: { onSubmit: (member: NewMember) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <AddMemberDialog open={open} submitting={false} onSubmit={onSubmit} onClose={() => setOpen(false)} />
    </>
  );
}

function renderDialog() {
  const submitted: NewMember[] = [];
  renderWithApp(<AddMember onSubmit={(member) => submitted.push(member)} />);
  const form = screen.getByRole('form', { name: 'Add member' });
  const type = (label: RegExp, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });
  // Add checks the form asynchronously: the click's act waits until that is done.
  const add = () =>
    act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Add member' }));
    });
  return { submitted, form, type, add };
}

describe('add member dialog', () => {
  it('says nothing before the first Add, then checks each field as it changes, and sends the member trimmed', async () => {
    const { submitted, form, type, add } = renderDialog();
    type(/^Email/, 'ada@');
    type(/^First name/, 'Ada');
    expect(within(form).queryByText(EMAIL_RULE)).toBeNull();
    expect(within(form).queryByText('Required')).toBeNull();

    await add();
    expect(within(form).getByText(EMAIL_RULE)).toBeTruthy();
    // Only the last name is missing.
    expect(within(form).getAllByText('Required')).toHaveLength(1);
    expect(submitted).toEqual([]);

    type(/^Email/, ' ada@demo.local ');
    await waitFor(() => expect(within(form).queryByText(EMAIL_RULE)).toBeNull());
    expect(within(form).getByText('Required')).toBeTruthy();
    type(/^Last name/, 'Lovelace ');
    await waitFor(() => expect(within(form).queryByText('Required')).toBeNull());
    type(/^Email/, 'ada');
    expect(await within(form).findByText(EMAIL_RULE)).toBeTruthy();
    type(/^Email/, 'ada@demo.local');
    await waitFor(() => expect(within(form).queryByText(EMAIL_RULE)).toBeNull());

    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    await add();
    expect(submitted).toEqual([{ email: 'ada@demo.local', firstName: 'Ada', lastName: 'Lovelace', role: 'Admin' }]);
  });

  it('opens again empty, with nothing said', async () => {
    const { form, type, add } = renderDialog();
    type(/^Email/, 'ada@');
    await add();
    expect(within(form).getByText(EMAIL_RULE)).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add member' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const reopened = await screen.findByRole('form', { name: 'Add member' });
    expect((within(reopened).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('');
    expect(within(reopened).queryByText(EMAIL_RULE)).toBeNull();
    // A new value is not checked before the next Add.
    fireEvent.change(within(reopened).getByLabelText(/^Email/), { target: { value: 'ada' } });
    await act(async () => undefined);
    expect(within(reopened).queryByText(EMAIL_RULE)).toBeNull();
  });
});
