import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/AppRoutes';
import { prefetchSession } from './app/sessionPrefetch';
import { makeStore } from './app/store';
import { initI18n } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const { pathname } = window.location;
const store = makeStore();
prefetchSession(store, pathname);
const { i18n, loaded } = initI18n();
// The first render waits for the page's chunks and the translations (index.html shows a spinner meanwhile): what
// suspended on it instead would be revealed at React's pace of one suspended boundary per 300 ms. Failures render
// anyway (the page's error and the fallback language take over).
void Promise.allSettled([preloadPage(pathname), loaded]).then(() =>
  // A transition: React renders in slices and yields to the browser between them (no long blocking task).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App store={store} i18n={i18n} />
      </StrictMode>,
    );
  }),
);
