import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../app/hooks';
import { setSelectedItem } from '../layout/sidebarSlice';

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

/** Titles the header and the browser tab with a page's translation key while the page is shown. */
export function usePageTitle(titleKey: string): void {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(setSelectedItem({ titleKey }));
  }, [dispatch, titleKey]);
  useDocumentTitle(t(titleKey));
}
