import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../app/hooks';
import { setSelectedItem } from '../layout/sidebarSlice';
import { useDocumentTitle } from './documentTitle';

export { documentTitle, useDocumentTitle } from './documentTitle';

/**
 * Titles the header and the browser tab with a page's translation key while the page is shown, or with `name` (the
 * page's own item, e.g. an event's name) once it is known.
 */
export function usePageTitle(titleKey: string, name?: string): void {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(setSelectedItem(name ? { titleKey, name } : { titleKey }));
  }, [dispatch, titleKey, name]);
  useDocumentTitle(name ?? t(titleKey));
}
