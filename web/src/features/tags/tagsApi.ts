import type {
  AssignTagsRequest,
  AssignTagsSummary,
  AuditLogEntryDto,
  AuditLogQuery,
  CreateTagsRequest,
  CreateTagsResponse,
  FileAddressDto,
  ImportValidationDto,
  Page,
  TagDto,
  TagImportDto,
  TagListQuery,
  UpdateTagRequest,
} from '@infra/contracts';
import { api } from '../../api/api';
import { registerEndpointToasts } from '../../api/toastListener';

/**
 * Every tagging call of the web app (tags, assignment, CSV import, audit log), injected into the one `api`.
 * Paths are relative to /api/v1; the base query adds the organizationId header.
 */

/** The query string of `GET tags` (without `?`): empty values left out, in a fixed order so equal arguments give equal URLs. */
export function tagListQueryString(query: TagListQuery = {}): string {
  const params = new URLSearchParams();
  if (query.tagIds) params.set('tagIds', query.tagIds);
  if (query.assetId) params.set('assetId', query.assetId);
  if (query.collectionIds) params.set('collectionIds', query.collectionIds);
  if (query.includeSystemTags) params.set('includeSystemTags', 'true');
  if (query.includeTagAssets) params.set('includeTagAssets', 'true');
  if (query.status) params.set('status', query.status);
  const search = query.search?.trim();
  if (search) params.set('search', search);
  return params.toString();
}

/** The query string of `GET tags/getTagsEvents`: without `id`, the organization's entries. */
export function auditLogQueryString(query: AuditLogQuery): string {
  const params = new URLSearchParams();
  if (query.id) params.set('id', query.id);
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  return params.toString();
}

/**
 * `tags/validate/import` and `tags/import` name the uploaded file in the query; the organization travels in
 * the organizationId header, as for every call (the tagging service refuses it in the query).
 */
const importQueryString = (fileName: string) => new URLSearchParams({ fileName }).toString();

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);
const id = encodeURIComponent;

const TAG_LIST = { type: 'Tag' as const, id: 'LIST' };
const TAG_EVENTS = { type: 'Tag' as const, id: 'EVENTS' };
const IMPORT_LIST = { type: 'TagImport' as const, id: 'LIST' };

export const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTags: build.query<TagDto[], TagListQuery | void>({
      query: (query) => withQuery('tags', tagListQueryString(query ?? {})),
      providesTags: (result) => [TAG_LIST, ...(result ?? []).map((tag) => ({ type: 'Tag' as const, id: tag.id }))],
    }),
    /** `POST tags/batch` (spec §7's named mutation batchCreateTag): all or nothing. */
    batchCreateTag: build.mutation<CreateTagsResponse, CreateTagsRequest>({
      query: (body) => ({ url: 'tags/batch', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [TAG_LIST, TAG_EVENTS]),
    }),
    /** `PATCH tags/{id}` (spec §7's named mutation updateTag): description, archive or restore. */
    updateTag: build.mutation<TagDto, { id: string } & UpdateTagRequest>({
      query: ({ id: tagId, ...body }) => ({ url: `tags/${id(tagId)}`, method: 'PATCH', body }),
      invalidatesTags: (_result, error, { id: tagId }) =>
        error ? [] : [TAG_LIST, TAG_EVENTS, { type: 'Tag', id: tagId }],
    }),
    batchAssignTags: build.mutation<AssignTagsSummary, AssignTagsRequest>({
      query: (body) => ({ url: 'tags/batchAssignTags', method: 'POST', body }),
      // Asset counts of tags and the assets' tag lists change.
      invalidatesTags: (_result, error) => (error ? [] : [TAG_LIST, TAG_EVENTS, { type: 'Asset', id: 'LIST' }]),
    }),
    getTagEvents: build.query<Page<AuditLogEntryDto>, AuditLogQuery>({
      query: (query) => withQuery('tags/getTagsEvents', auditLogQueryString(query)),
      providesTags: [TAG_EVENTS],
    }),

    // Files: each address is signed for a short time, so it is asked for right before use and not cached.
    getTagUploadAddress: build.query<FileAddressDto, string>({
      query: (fileName) => `s3/tag-upload/${id(fileName)}`,
      keepUnusedDataFor: 0,
    }),
    getTagDownloadAddress: build.query<FileAddressDto, string>({
      query: (fileName) => `s3/tag-download/${id(fileName)}`,
      keepUnusedDataFor: 0,
    }),

    // Import
    validateTagImport: build.query<ImportValidationDto, string>({
      query: (fileName) => `tags/validate/import?${importQueryString(fileName)}`,
      keepUnusedDataFor: 0,
    }),
    startTagImport: build.mutation<TagImportDto, string>({
      query: (fileName) => ({ url: `tags/import?${importQueryString(fileName)}`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [IMPORT_LIST]),
    }),
    getTagImport: build.query<TagImportDto, string>({
      query: (importId) => `tags/import/${id(importId)}`,
      providesTags: (_result, _error, importId) => [{ type: 'TagImport', id: importId }],
    }),
    getTagImports: build.query<TagImportDto[], void>({
      query: () => 'tags/import',
      providesTags: [IMPORT_LIST],
    }),
  }),
});

registerEndpointToasts('batchCreateTag', { successKey: 'tags.toasts.created' });
registerEndpointToasts('updateTag', { successKey: 'tags.toasts.updated' });
registerEndpointToasts('batchAssignTags', { successKey: 'tags.toasts.assigned' });
export const IMPORT_STARTED_TOAST = 'tags.toasts.importStarted';
registerEndpointToasts('startTagImport', { successKey: IMPORT_STARTED_TOAST });
// The import page says "Error: Unable to upload file. Please try again." itself.
registerEndpointToasts('getTagUploadAddress', { silentQueryError: true });

export const {
  useGetTagsQuery,
  useBatchCreateTagMutation,
  useUpdateTagMutation,
  useBatchAssignTagsMutation,
  useGetTagEventsQuery,
  useLazyGetTagDownloadAddressQuery,
  useLazyValidateTagImportQuery,
  useStartTagImportMutation,
  useGetTagImportQuery,
  useGetTagImportsQuery,
} = tagsApi;
