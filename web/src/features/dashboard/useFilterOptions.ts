import { useMemo, useRef } from 'react';
import type { CollectionDto } from '@infra/contracts';
import { useAppSelector } from '../../app/hooks';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { useGetCollectionsQuery } from '../management/inventoryApi';
import { useGetTagOptionsQuery, type TagOption } from '../management/tagOptionsApi';
import type { DefaultCollection, DefaultTag, FilterOption } from './dashboardFilterSlice';

/** Collection options: the id as value, the name as label. */
export function collectionOptionsOf(collections: readonly CollectionDto[] | undefined): FilterOption[] {
  return (collections ?? []).map(({ id, name }) => ({ label: name, value: id }));
}

/** Tag options: the id as value, the tag's tagId as label. */
export function tagFilterOptionsOf(tags: readonly TagOption[] | undefined): FilterOption[] {
  return (tags ?? []).map(({ id, label }) => ({ label, value: id }));
}

/**
 * Defaults from saved ids (a view's filter), labelled from the options; an id without an option (a deleted
 * collection, a tag the tagging service cannot name yet) keeps its id as the label.
 */
export function defaultsOf(
  ids: { tagIds: readonly string[]; collectionIds: readonly string[] },
  options: { tags: readonly FilterOption[]; collections: readonly FilterOption[] },
): { tags: DefaultTag[]; collections: DefaultCollection[] } {
  const labelOf = (list: readonly FilterOption[], id: string) =>
    list.find((option) => option.value === id)?.label ?? id;
  return {
    tags: ids.tagIds.map((id) => ({ id, tagId: labelOf(options.tags, id) })),
    collections: ids.collectionIds.map((id) => ({ id, name: labelOf(options.collections, id) })),
  };
}

/** The filter pickers' options in the selected organization; tags degrade to none while tagging is absent. */
export function useFilterOptions() {
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const skip = !organizationId;
  const collections = useGetCollectionsQuery(undefined, { skip });
  const tags = useGetTagOptionsQuery(undefined, { skip });
  const collectionOptions = useMemo(() => collectionOptionsOf(collections.data), [collections.data]);
  const tagOptions = useMemo(() => tagFilterOptionsOf(tags.data), [tags.data]);
  // Latched: a failed tag list is asked for again by every new subscriber, and a page waiting on it would flicker.
  const tagsAnswered = useRef(false);
  if (!skip && (tags.data !== undefined || tags.isError)) tagsAnswered.current = true;
  return {
    collections: collectionOptions,
    collectionsLoading: collections.isLoading,
    tags: tagOptions,
    tagsLoading: tags.isLoading,
    /** Whether the collections have answered (a failed list counts: it just has no options). */
    collectionsSettled: !skip && !collections.isLoading,
    /** Whether the tags have answered once (or failed): before, a saved tag id has no name to show. */
    tagsSettled: tagsAnswered.current,
  };
}
