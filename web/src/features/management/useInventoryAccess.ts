import type { ViewDto } from '@infra/contracts';
import { useCallback } from 'react';
import { useCurrentAccount } from '../account/useCurrentAccount';

/**
 * What the caller may do in the inventory (README "Inventory"): Admins and System Admins write assets and
 * collections; every member saves views and changes or deletes their own, Admins any. A view without its
 * author (an older server) is left to the server to decide.
 */
export function useInventoryAccess() {
  const { profile, canManage, isLoading } = useCurrentAccount();
  const userId = profile?.id;
  const canChangeView = useCallback(
    (view: Pick<ViewDto, 'createdBy'>) => canManage || view.createdBy === undefined || view.createdBy === userId,
    [canManage, userId],
  );
  return { isAdmin: canManage, canChangeView, isLoading };
}
