import type {
  AssetDto,
  AssetStatus,
  CollectionDetailDto,
  CollectionDto,
  CreateCollectionRequest,
  Page,
  SaveViewRequest,
  SidebarDto,
  SidebarItem,
  SystemAttributesDto,
  TimeHorizon,
  UpdateActiveStatusRequest,
  UpdateActiveStatusResponse,
  ViewDto,
  ViewSummaryDto,
} from '@infra/contracts';
import { api } from '../../api/api';
import { setList, withQuery } from '../../api/queryParams';
import { registerEndpointToasts } from '../../api/toastListener';
import { applyFavorite, favoriteRequestOf, type FavoriteChange } from './favorites';

/**
 * Every inventory call of the web app (assets, collections, views, sidebar), injected into the one `api`. The
 * Admin → Management pages and the dashboards both use these hooks. Paths are relative to /api/v1; the base
 * query adds the organizationId header.
 */

/** `GET assets` arguments; `page` is 1-based like the API. Lists are sent comma-separated. */
export interface AssetListArgs {
  page?: number;
  pageSize?: number;
  /** A field of ASSET_SORT_FIELDS, `-` first for descending. */
  sort?: string;
  /** Text in the name, external id, instance type or site. */
  search?: string;
  status?: readonly AssetStatus[];
  tagIds?: readonly string[];
  collectionIds?: readonly string[];
  timeHorizon?: TimeHorizon;
  includeRatingData?: boolean;
}

/** The filter of a saved view, as `GET views/summary` takes it. */
export interface ViewFilterArgs {
  tagIds?: readonly string[];
  collectionIds?: readonly string[];
}

export interface RenameCollectionArgs {
  id: string;
  name: string;
}

/** `PUT collections/{id}/assets`: members to add and to remove. */
export interface SetCollectionAssetsArgs {
  id: string;
  add?: string[];
  remove?: string[];
}

/**
 * The query string of `GET assets` (without `?`): empty values left out, lists comma-separated, the search text
 * trimmed. Parameters come in a fixed order so equal arguments give equal URLs.
 */
export function assetListQueryString(args: AssetListArgs = {}): string {
  const params = new URLSearchParams();
  if (args.page !== undefined) params.set('page', String(args.page));
  if (args.pageSize !== undefined) params.set('pageSize', String(args.pageSize));
  if (args.sort) params.set('sort', args.sort);
  const search = args.search?.trim();
  if (search) params.set('search', search);
  setList(params, 'status', args.status);
  setList(params, 'tagIds', args.tagIds);
  setList(params, 'collectionIds', args.collectionIds);
  if (args.timeHorizon) params.set('timeHorizon', args.timeHorizon);
  if (args.includeRatingData !== undefined) params.set('includeRatingData', String(args.includeRatingData));
  return params.toString();
}

/** The query string of `GET views/summary` (without `?`). */
export function viewFilterQueryString(args: ViewFilterArgs = {}): string {
  const params = new URLSearchParams();
  setList(params, 'tagIds', args.tagIds);
  setList(params, 'collectionIds', args.collectionIds);
  return params.toString();
}

const id = encodeURIComponent;

const ASSET_LIST = { type: 'Asset' as const, id: 'LIST' };
const COLLECTION_LIST = { type: 'Collection' as const, id: 'LIST' };
const VIEW_LIST = { type: 'View' as const, id: 'LIST' };
const VIEW_SUMMARY = { type: 'View' as const, id: 'SUMMARY' };
const SIDEBAR = { type: 'Sidebar' as const, id: 'TREE' };

export const inventoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Assets
    getAssets: build.query<Page<AssetDto>, AssetListArgs | void>({
      query: (args) => withQuery('assets', assetListQueryString(args ?? {})),
      providesTags: (result) => [
        ASSET_LIST,
        ...(result?.items ?? []).map((asset) => ({ type: 'Asset' as const, id: asset.id })),
      ],
    }),
    getAsset: build.query<AssetDto, string>({
      query: (assetId) => `assets/${id(assetId)}`,
      providesTags: (_result, _error, assetId) => [{ type: 'Asset', id: assetId }],
    }),
    getAssetSystemAttributes: build.query<SystemAttributesDto, string>({
      query: (assetId) => `assets/${id(assetId)}/system-attributes`,
      providesTags: (_result, _error, assetId) => [{ type: 'Asset', id: assetId }],
    }),
    updateAssetsStatus: build.mutation<UpdateActiveStatusResponse, UpdateActiveStatusRequest>({
      query: (body) => ({ url: 'assets/update-active-status', method: 'POST', body }),
      invalidatesTags: (_result, error, { assetIds }) =>
        error
          ? []
          : [ASSET_LIST, VIEW_SUMMARY, ...assetIds.map((assetId) => ({ type: 'Asset' as const, id: assetId }))],
    }),

    // Collections
    getCollections: build.query<CollectionDto[], void>({
      query: () => 'collections',
      providesTags: (result) => [
        COLLECTION_LIST,
        ...(result ?? []).map((collection) => ({ type: 'Collection' as const, id: collection.id })),
      ],
    }),
    getCollection: build.query<CollectionDetailDto, string>({
      query: (collectionId) => `collections/${id(collectionId)}`,
      providesTags: (_result, _error, collectionId) => [{ type: 'Collection', id: collectionId }],
    }),
    createCollection: build.mutation<CollectionDetailDto, CreateCollectionRequest>({
      query: (body) => ({ url: 'collections', method: 'POST', body }),
      invalidatesTags: (_result, error, body) =>
        error ? [] : [COLLECTION_LIST, SIDEBAR, ...(body.assetIds?.length ? [ASSET_LIST, VIEW_SUMMARY] : [])],
    }),
    renameCollection: build.mutation<CollectionDetailDto, RenameCollectionArgs>({
      query: ({ id: collectionId, name }) => ({
        url: `collections/${id(collectionId)}`,
        method: 'PATCH',
        body: { name },
      }),
      invalidatesTags: (_result, error, { id: collectionId }) =>
        error ? [] : [COLLECTION_LIST, SIDEBAR, VIEW_SUMMARY, { type: 'Collection', id: collectionId }],
    }),
    setCollectionAssets: build.mutation<CollectionDetailDto, SetCollectionAssetsArgs>({
      query: ({ id: collectionId, add, remove }) => ({
        url: `collections/${id(collectionId)}/assets`,
        method: 'PUT',
        body: { ...(add?.length ? { add } : {}), ...(remove?.length ? { remove } : {}) },
      }),
      invalidatesTags: (_result, error, { id: collectionId }) =>
        error ? [] : [COLLECTION_LIST, SIDEBAR, ASSET_LIST, VIEW_SUMMARY, { type: 'Collection', id: collectionId }],
    }),
    deleteCollection: build.mutation<void, string>({
      query: (collectionId) => ({ url: `collections/${id(collectionId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, collectionId) =>
        error ? [] : [COLLECTION_LIST, SIDEBAR, ASSET_LIST, VIEW_SUMMARY, { type: 'Collection', id: collectionId }],
    }),

    // Views
    getViews: build.query<ViewDto[], void>({
      query: () => 'views',
      providesTags: (result) => [VIEW_LIST, ...(result ?? []).map((view) => ({ type: 'View' as const, id: view.id }))],
    }),
    getView: build.query<ViewDto, string>({
      query: (viewId) => `views/${id(viewId)}`,
      providesTags: (_result, _error, viewId) => [{ type: 'View', id: viewId }],
    }),
    getViewSummary: build.query<ViewSummaryDto, ViewFilterArgs | void>({
      query: (args) => withQuery('views/summary', viewFilterQueryString(args ?? {})),
      providesTags: [VIEW_SUMMARY, { type: 'Asset', id: 'LIST' }, { type: 'Collection', id: 'LIST' }],
    }),
    /** `PATCH views`: creates a view, or updates the view of `id` (spec §7's named mutation createView). */
    createView: build.mutation<ViewDto, SaveViewRequest>({
      query: (body) => ({ url: 'views', method: 'PATCH', body }),
      invalidatesTags: (result, error, body) =>
        error
          ? []
          : [
              VIEW_LIST,
              SIDEBAR,
              ...(body.id ? [{ type: 'View' as const, id: body.id }] : []),
              ...(result ? [{ type: 'View' as const, id: result.id }] : []),
            ],
    }),
    deleteView: build.mutation<void, string>({
      query: (viewId) => ({ url: `views/${id(viewId)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, viewId) => (error ? [] : [VIEW_LIST, SIDEBAR, { type: 'View', id: viewId }]),
    }),

    // Sidebar
    getSidebar: build.query<SidebarDto, void>({
      query: () => 'meta/sidebar',
      providesTags: [SIDEBAR],
    }),
    /**
     * `PUT meta/sidebar/favorite` (spec §7's named mutation updateFavorite). Optimistic: the sidebar shows the change
     * at once and takes it back if the save fails (its error toast says so); a success reads the tree again.
     */
    updateFavorite: build.mutation<SidebarItem, FavoriteChange>({
      query: (change) => ({ url: 'meta/sidebar/favorite', method: 'PUT', body: favoriteRequestOf(change) }),
      async onQueryStarted(change, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          inventoryApi.util.updateQueryData('getSidebar', undefined, (tree) => applyFavorite(tree, change)),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : [SIDEBAR]),
    }),
  }),
});

/** Named mutations with their own texts (§8): the view failure keeps the already-exists text for a duplicate name. */
registerEndpointToasts('createView', {
  successKey: 'inventory.toasts.viewSaved',
  errorKey: 'inventory.toasts.viewCreateError',
  keepDuplicateError: true,
});
registerEndpointToasts('updateFavorite', { successKey: 'inventory.toasts.favoriteUpdated' });
registerEndpointToasts('updateAssetsStatus', { successKey: 'inventory.toasts.statusUpdated' });

export const {
  useGetAssetsQuery,
  useLazyGetAssetsQuery,
  useGetAssetQuery,
  useGetAssetSystemAttributesQuery,
  useUpdateAssetsStatusMutation,
  useGetCollectionsQuery,
  useGetCollectionQuery,
  useCreateCollectionMutation,
  useRenameCollectionMutation,
  useSetCollectionAssetsMutation,
  useDeleteCollectionMutation,
  useGetViewsQuery,
  useGetViewQuery,
  useGetViewSummaryQuery,
  useCreateViewMutation,
  useDeleteViewMutation,
  useGetSidebarQuery,
  useUpdateFavoriteMutation,
} = inventoryApi;
