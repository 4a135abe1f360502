import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../testing/i18n';
import { CHECKED_AFTER_SUBMIT, CHECKED_AS_TYPED } from '../forms';
import { ControlledTextField, type ControlledTextFieldProps } from './ControlledTextField';

interface Values {
  firstName: string;
}

/** A form of one field, submitted with its button. */
function OneFieldForm({
  onSave,
  typed = false,
  ...field
}: Partial<ControlledTextFieldProps<Values, 'firstName'>> & { onSave: (values: Values) => void; typed?: boolean }) {
  const { control, handleSubmit } = useForm<Values>({
    ...(typed ? CHECKED_AS_TYPED : CHECKED_AFTER_SUBMIT),
    defaultValues: { firstName: '' },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <ControlledTextField
        control={control}
        name="firstName"
        rules={{ validate: (value) => value.trim() !== '' || 'members.required' }}
        label="First name"
        slotProps={{ htmlInput: { 'data-testid': 'first-name' } }}
        {...field}
      />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(props: Parameters<typeof OneFieldForm>[0]) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <OneFieldForm {...props} />
    </I18nextProvider>,
  );
  return screen.getByTestId('first-name') as HTMLInputElement;
}

describe('ControlledTextField', () => {
  it('shows its help, the translated error after a failed submit, and gives the form what was typed', async () => {
    const submitted: Values[] = [];
    const input = renderForm({ onSave: (values) => submitted.push(values), help: 'As on your passport.' });
    expect(screen.getByText('As on your passport.')).toBeTruthy();
    expect(input.getAttribute('name')).toBe('firstName');
    expect(input.getAttribute('aria-invalid')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // members.required, in English.
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.queryByText('As on your passport.')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(submitted).toEqual([]);

    // Checked again as it changes once submitted: the help comes back.
    fireEvent.change(input, { target: { value: 'Ada' } });
    expect(await screen.findByText('As on your passport.')).toBeTruthy();
    expect(input.value).toBe('Ada');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toEqual([{ firstName: 'Ada' }]));
  });

  it('shows a missing value only once a submit was tried with showError="requiredAfterSubmit"', async () => {
    const input = renderForm({
      onSave: () => undefined,
      typed: true,
      showError: 'requiredAfterSubmit',
      rules: { validate: (value) => (value === '' ? 'required' : value.length <= 3 || 'tooLong') },
      errorText: (kind) => (kind === 'required' ? 'Enter a name.' : 'At most 3 characters.'),
    });
    fireEvent.change(input, { target: { value: 'Adam' } });
    expect(await screen.findByText('At most 3 characters.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText('At most 3 characters.')).toBeNull());
    expect(screen.queryByText('Enter a name.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name.')).toBeTruthy();
  });

  it('shows what the server said of the value as its error', () => {
    const input = renderForm({ onSave: () => undefined, serverError: 'members.required', help: ' ' });
    expect(screen.getByText('Required')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
