import type { TagDto } from '@infra/contracts';
import { api } from '../../api/api';
import { ASSIGNABLE_STATUSES } from '../tags/tagRules';

/** A tag as the view filter offers it (§2: the id as value, the tag's tagId as label). */
export interface TagOption {
  id: string;
  label: string;
}

export const tagOptionsOf = (tags: readonly TagDto[]): TagOption[] =>
  tags.map(({ id, tagId }) => ({ id, label: tagId }));

/** The organization's tags for the tag pickers (view filter, dashboards): archived tags are not offered. */
export const tagOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTagOptions: build.query<TagOption[], void>({
      query: () => `tags?status=${ASSIGNABLE_STATUSES}`,
      transformResponse: (tags: TagDto[]) => tagOptionsOf(tags),
      providesTags: [{ type: 'Tag', id: 'LIST' }],
    }),
  }),
});

export const { useGetTagOptionsQuery } = tagOptionsApi;
