import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { makeStore } from '../app/store';
import { createTestI18n } from './i18n';

function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** Renders a component with the store, the real texts (English unless told) and a router at `path`. */
export function renderWithApp(ui: ReactElement, path = '/', { language = 'en' }: { language?: 'en' | 'fr' } = {}) {
  const store = makeStore();
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={createTestI18n(language)}>
        <MemoryRouter initialEntries={[path]}>
          {ui}
          <Location />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { store, ...result };
}

/** A minimal fetch answer (jsdom has no Response): the status and a JSON body. */
export function fetchAnswer(status: number, body?: unknown): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(body === undefined ? '' : JSON.stringify(body)),
  } as Response;
}
