import { ASSET_STATUSES, INVENTORY_LIMITS, type AssetDto } from '@infra/contracts';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { inventoryApi } from '../inventoryApi';

/** An asset as the picker shows it. */
export interface AssetChoice {
  id: string;
  name: string;
  externalId: string;
}

export const toChoice = ({ id, name, externalId }: AssetDto): AssetChoice => ({ id, name, externalId });

/** At most this many pages of members are read for the picker (200 a page: 10,000 members). */
const MAX_MEMBER_PAGES = 50;

type AppDispatch = ReturnType<typeof useAppDispatch>;

/** Every member of a collection (archived ones too: they stay members), page by page. */
export async function loadCollectionMembers(dispatch: AppDispatch, collectionId: string): Promise<AssetChoice[]> {
  const members: AssetChoice[] = [];
  for (let page = 1; page <= MAX_MEMBER_PAGES; page += 1) {
    const request = dispatch(
      inventoryApi.endpoints.getAssets.initiate(
        {
          page,
          pageSize: INVENTORY_LIMITS.pageSizeMax,
          collectionIds: [collectionId],
          status: ASSET_STATUSES,
          sort: 'name',
        },
        { subscribe: false, forceRefetch: true },
      ),
    );
    const result = await request.unwrap();
    members.push(...result.items.map(toChoice));
    if (page * result.pageSize >= result.total || result.items.length === 0) break;
  }
  return members;
}

/** The members of a collection for its members dialog: undefined while loading, null when the load failed. */
export function useCollectionMembers(collectionId: string | null): AssetChoice[] | null | undefined {
  const dispatch = useAppDispatch();
  const [members, setMembers] = useState<AssetChoice[] | null | undefined>(undefined);
  useEffect(() => {
    setMembers(undefined);
    if (!collectionId) return;
    let current = true;
    loadCollectionMembers(dispatch, collectionId).then(
      (loaded) => current && setMembers(loaded),
      // The query listener has already shown the query-error toast.
      () => current && setMembers(null),
    );
    return () => {
      current = false;
    };
  }, [dispatch, collectionId]);
  return members;
}
