import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

// Apart from usePageTitle (which sets the header's title in the store): the signed-out pages use this without Redux.

/** The browser tab's title: "<Page> · <product name>", or the product name alone. */
export function documentTitle(page: string, productName: string): string {
  return page ? `${page} · ${productName}` : productName;
}

/** Titles the browser tab with a page's (translated) title while the page is shown. */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const productName = t('app.name');
  useEffect(() => {
    document.title = documentTitle(page, productName);
  }, [page, productName]);
}
