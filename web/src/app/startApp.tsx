import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../i18n';
import { App } from './App';
import { preloadInnerChunks, preloadPage } from './AppRoutes';
import { prefetchSession } from './sessionPrefetch';
import { makeStore } from './store';
import { FIRST_RENDER_MARK } from './firstRender';

/** Starts the whole app on `pathname` in `container`. */
export function start(container: HTMLElement, pathname: string): void {
  const store = makeStore();
  prefetchSession(store, pathname);
  const { i18n, loaded } = initI18n();
  // The first render waits for the page's chunks and the translations (index.html shows a spinner meanwhile): what
  // suspended on it instead would be revealed at React's pace of one suspended boundary per 300 ms. Failures render
  // anyway (the page's error and the fallback language take over).
  void Promise.allSettled([preloadPage(pathname), loaded]).then(() => {
    performance.mark(FIRST_RENDER_MARK);
    // A transition: React renders in slices and yields to the browser between them (no long blocking task).
    startTransition(() => {
      createRoot(container).render(
        <StrictMode>
          <App store={store} i18n={i18n} />
        </StrictMode>,
      );
    });
    preloadInnerChunks(pathname);
  });
}
