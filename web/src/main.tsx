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
preloadPage(pathname);
const store = makeStore();
prefetchSession(store, pathname);
// A transition: React renders in slices and yields to the browser between them (no long blocking task).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App store={store} i18n={initI18n()} />
    </StrictMode>,
  );
});
