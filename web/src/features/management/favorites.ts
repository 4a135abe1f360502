import type { SidebarDto, SidebarItem, ToggleFavoriteRequest } from '@infra/contracts';

/** updateFavorite's argument: the request, and the item's name for the sidebar until the tree is read again. */
export interface FavoriteChange extends ToggleFavoriteRequest {
  name?: string;
}

/** The body of `PUT meta/sidebar/favorite`: the request's fields only. */
export function favoriteRequestOf({ type, id, favorite }: FavoriteChange): ToggleFavoriteRequest {
  return { type, id, favorite };
}

const same = (a: Pick<SidebarItem, 'type' | 'id'>, b: Pick<SidebarItem, 'type' | 'id'>) =>
  a.type === b.type && a.id === b.id;

/**
 * The sidebar tree as it will be once the change is saved (an optimistic update, undone if the save fails): the
 * item's flag in the collections and views, and the favorites with it added at the end (the order they were marked)
 * or taken out. Changes `tree` in place (an Immer draft).
 */
export function applyFavorite(tree: SidebarDto, change: FavoriteChange): void {
  const listed = [...tree.collections, ...tree.views].find((item) => same(item, change));
  for (const item of [...tree.collections, ...tree.views]) if (same(item, change)) item.favorite = change.favorite;
  const known = tree.favorites.find((item) => same(item, change));
  tree.favorites = tree.favorites.filter((item) => !same(item, change));
  if (!change.favorite) return;
  const name = listed?.name ?? known?.name ?? change.name ?? '';
  tree.favorites.push({ type: change.type, id: change.id, name, favorite: true });
}
