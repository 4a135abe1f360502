import { useEffect } from 'react';
import { useAppDispatch } from '../app/hooks';
import { setSelectedItem } from '../layout/sidebarSlice';

/** Titles the header with a page's translation key while the page is shown. */
export function usePageTitle(titleKey: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(setSelectedItem({ titleKey }));
  }, [dispatch, titleKey]);
}
