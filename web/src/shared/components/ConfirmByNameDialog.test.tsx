import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../testing/i18n';
import { ConfirmByNameDialog } from './ConfirmByNameDialog';

function open(onConfirm: (name: string) => void) {
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ConfirmByNameDialog
        name="Acme Main"
        title="Delete Acme Main?"
        warning="Everything goes."
        deleting={false}
        onConfirm={onConfirm}
        onClose={() => undefined}
      />
    </I18nextProvider>,
  );
}

describe('ConfirmByNameDialog', () => {
  it('deletes nothing until the exact name is typed', () => {
    const confirmed: string[] = [];
    open((name) => confirmed.push(name));
    const button = screen.getByRole('button', { name: 'Delete' });
    const field = screen.getByTestId('confirm-name');
    for (const typed of ['', 'acme main', 'Acme Main ']) {
      fireEvent.change(field, { target: { value: typed } });
      expect(button).toHaveProperty('disabled', true);
    }
    fireEvent.submit(field.closest('form')!);
    expect(confirmed).toEqual([]);
    fireEvent.change(field, { target: { value: 'Acme Main' } });
    expect(button).toHaveProperty('disabled', false);
    fireEvent.click(button);
    expect(confirmed).toEqual(['Acme Main']);
  });
});
