import { api } from '../../api/api';
import { registerEndpointToasts } from '../../api/toastListener';

/** A tag as the view filter offers it (§2: the id as value, the tag's tagId as label). */
export interface TagOption {
  id: string;
  label: string;
}

function text(record: Record<string, unknown>, field: string): string | undefined {
  const value = record[field];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * The options of `GET tags`, whose body the tagging service does not publish yet: a list (or a page's `items`)
 * of records with an `id` and a `tagId`, else `key`/`value`. Anything else gives no options.
 */
export function tagOptionsOf(body: unknown): TagOption[] {
  const list: unknown = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null && 'items' in body
      ? body.items
      : [];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const record = item as Record<string, unknown>;
    const id = text(record, 'id');
    if (!id) return [];
    const key = text(record, 'key');
    const value = text(record, 'value');
    const label = text(record, 'tagId') ?? (key ? (value ? `${key}:${value}` : key) : id);
    return [{ id, label }];
  });
}

/** The organization's tags for the view filter's tag picker. */
export const tagOptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTagOptions: build.query<TagOption[], void>({
      query: () => 'tags',
      transformResponse: (body: unknown) => tagOptionsOf(body),
      providesTags: [{ type: 'Tag', id: 'LIST' }],
    }),
  }),
});

// Until the tagging service serves GET tags (501), the picker says tags are unavailable; no error toast.
registerEndpointToasts('getTagOptions', { silentQueryError: true });

export const { useGetTagOptionsQuery } = tagOptionsApi;
