import type { SidebarItemType } from '@infra/contracts';
import { useAppSelector } from '../../app/hooks';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { useGetSidebarQuery, useUpdateFavoriteMutation } from '../management/inventoryApi';

/**
 * Whether an item is one of the caller's favorites (from the sidebar tree), and a toggle. The toggle is optimistic
 * (updateFavorite patches the tree at once, and undoes it if the save fails): busy only while the save runs.
 */
export function useFavorite(type: SidebarItemType, id: string, name?: string) {
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const { favorite, known } = useGetSidebarQuery(undefined, {
    skip: !organizationId,
    selectFromResult: ({ data }) => ({
      known: data !== undefined && data.organizationId === organizationId,
      favorite: (data?.favorites ?? []).some((item) => item.type === type && item.id === id),
    }),
  });
  const [updateFavorite, { isLoading }] = useUpdateFavoriteMutation();
  const toggle = () => updateFavorite({ type, id, favorite: !favorite, ...(name ? { name } : {}) });
  return { favorite, known, busy: isLoading, toggle };
}
