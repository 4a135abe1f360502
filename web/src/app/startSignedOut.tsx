import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from '../i18n';
import { SignedOutApp } from './SignedOutApp';
import { FIRST_RENDER_MARK } from './firstRender';
import { SIGNED_OUT_PAGES } from './signedOutPages';

/** Starts the signed-out app on `pathname` (one of its pages) in `container`. */
export function start(container: HTMLElement, pathname: string): void {
  const { i18n, loaded } = initI18n();
  const page = SIGNED_OUT_PAGES.find(({ path }) => path === pathname)?.page.preload();
  // As the whole app does (startApp): the first render waits for the page's chunk and the translations.
  void Promise.allSettled([page, loaded]).then(() => {
    performance.mark(FIRST_RENDER_MARK);
    startTransition(() => {
      createRoot(container).render(
        <StrictMode>
          <SignedOutApp i18n={i18n} />
        </StrictMode>,
      );
    });
  });
}
