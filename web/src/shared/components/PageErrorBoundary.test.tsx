import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../testing/i18n';
import { PageErrorBoundary } from './PageErrorBoundary';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('PageErrorBoundary', () => {
  it('shows the unknown-error text and a reload instead of the page that failed, and leaves its siblings', () => {
    const reload = jest.fn();
    const location = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...location, reload } });
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <I18nextProvider i18n={createTestI18n()}>
          <header>Header</header>
          <PageErrorBoundary>
            <Broken />
          </PageErrorBoundary>
        </I18nextProvider>,
      );
      screen.getByText('Header');
      expect(screen.getByTestId('page-error').textContent).toContain('Something went wrong, please try again.');
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      consoleError.mockRestore();
      Object.defineProperty(window, 'location', { configurable: true, value: location });
    }
  });

  it('renders the page when nothing fails', () => {
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <PageErrorBoundary>
          <p>Fine</p>
        </PageErrorBoundary>
      </I18nextProvider>,
    );
    screen.getByText('Fine');
    expect(screen.queryByTestId('page-error')).toBeNull();
  });
});
