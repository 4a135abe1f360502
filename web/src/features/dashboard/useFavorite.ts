import type { SidebarItemType } from '@infra/contracts';
import { useAppSelector } from '../../app/hooks';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { useGetSidebarQuery, useUpdateFavoriteMutation } from '../management/inventoryApi';

/** Whether an item is one of the caller's favorites (from the sidebar tree), and a toggle. */
export function useFavorite(type: SidebarItemType, id: string) {
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const { favorite, known, isFetching } = useGetSidebarQuery(undefined, {
    skip: !organizationId,
    selectFromResult: ({ data, isFetching }) => ({
      isFetching,
      known: data !== undefined && data.organizationId === organizationId,
      favorite: (data?.favorites ?? []).some((item) => item.type === type && item.id === id),
    }),
  });
  const [updateFavorite, { isLoading }] = useUpdateFavoriteMutation();
  const toggle = () => updateFavorite({ type, id, favorite: !favorite });
  // Busy until the tree has been read again, so the star never shows the old state as clickable.
  return { favorite, known, busy: isLoading || isFetching, toggle };
}
