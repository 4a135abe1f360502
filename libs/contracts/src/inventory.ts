/**
 * Inventory API shapes (assets, collections, views, sidebar, AWS integration), shared by the inventory service and
 * the web app. Paths are relative to /api/v1; every call is organization-scoped (organizationId header).
 */
import type { TimeHorizon } from './constants';
import type { AssetStatus } from './topics';

export const ASSET_STATUSES: readonly AssetStatus[] = ['active', 'offline', 'pending', 'archived'];

/** Limits of the inventory API. */
export const INVENTORY_LIMITS = {
  /** `PUT assets`: assets per call (all or nothing). */
  upsertBatchMax: 1000,
  /** `POST assets/update-active-status`, collection membership changes: ids per call. */
  idsPerCallMax: 1000,
  /** `GET assets`: largest page. */
  pageSizeMax: 200,
  externalIdMaxLength: 255,
  assetNameMaxLength: 255,
  attributeTextMaxLength: 255,
  collectionNameMaxLength: 100,
  /** Tag or collection ids in one filter (query string or saved view). */
  filterIdsMax: 100,
} as const;

/** View name and description rules (spec §5). */
export const VIEW_NAME_PATTERN = /^[A-Za-z0-9_-]{1,30}$/;
export const VIEW_DESCRIPTION_PATTERN = /^[A-Za-z0-9_,-]{0,256}$/;
/** Collection names: printable text, trimmed, unique per organization (case-insensitive). */
export const COLLECTION_NAME_PATTERN = /^[^\p{Cc}]{1,100}$/u;
/** `arn:aws:iam::<12-digit account>:role/<path/name>` (aws, aws-cn, aws-us-gov partitions). */
export const AWS_ROLE_ARN_PATTERN = /^arn:aws(-cn|-us-gov)?:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/;
/** STS external ids: 2 to 1224 characters of `[\w+=,.@:/-]`. */
export const AWS_EXTERNAL_ID_PATTERN = /^[\w+=,.@:/-]{2,1224}$/;
/** AWS region names: us-east-1, eu-central-2, us-gov-west-1, cn-north-1, us-iso-east-1. */
export const AWS_REGION_PATTERN = /^[a-z]{2}(-gov|-iso[a-z]?)?-[a-z]+-\d{1,2}$/;

/** The spec's asset attributes (§3), under the spec's names. Numbers are non-negative. */
export interface AssetAttributes {
  instance_type: string | null;
  /** Region or availability zone (or data centre) the asset runs in. */
  site: string | null;
  physical_processor: string | null;
  /** GiB. */
  memory: number | null;
  cpu_cores: number | null;
  /** Storage description, e.g. "EBS only" or "2 x 1900 NVMe SSD". */
  storage: string | null;
  /** GHz. */
  cpu_speed: number | null;
  /** e.g. "Up to 12.5 Gigabit". */
  network_speed: string | null;
  current_generation: boolean | null;
  /** Gbit/s. */
  network_bandwidth_max: number | null;
  /** on-demand, spot, reserved, scheduled, capacity-block. */
  instance_lifecycle: string | null;
  cpu_generation: string | null;
  /** MB/s. */
  storage_throughput: number | null;
}

export const ASSET_ATTRIBUTE_NAMES = [
  'instance_type',
  'site',
  'physical_processor',
  'memory',
  'cpu_cores',
  'storage',
  'cpu_speed',
  'network_speed',
  'current_generation',
  'network_bandwidth_max',
  'instance_lifecycle',
  'cpu_generation',
  'storage_throughput',
] as const satisfies readonly (keyof AssetAttributes)[];

/** One item of `PUT assets`: externalId is the upsert key within the organization. */
export type AssetUpsertItem = { externalId: string; name: string; status?: AssetStatus } & Partial<AssetAttributes>;

export interface UpsertAssetsRequest {
  assets: AssetUpsertItem[];
}

export interface UpsertAssetsResponse {
  created: number;
  updated: number;
  /** In the order of the request. */
  results: { externalId: string; id: string; created: boolean }[];
}

/** InfraRating of an asset (analytics' read model); null until analytics has rated it. */
export interface AssetRating {
  infraRating: number;
  risk: number;
  optimization: number;
  volatility: number;
  dataHealth: number;
  computedAt: string;
}

export interface AssetDto extends AssetAttributes {
  id: string;
  externalId: string;
  name: string;
  status: AssetStatus;
  collectionIds: string[];
  tagIds: string[];
  createdAt: string;
  updatedAt: string;
  /** Present when `includeRatingData=true`. */
  rating?: AssetRating | null;
}

export const ASSET_SORT_FIELDS = [
  'name',
  'externalId',
  'status',
  'site',
  'instance_type',
  'cpu_cores',
  'memory',
  'updatedAt',
] as const;
export type AssetSortField = (typeof ASSET_SORT_FIELDS)[number];

/**
 * `GET assets` query. Lists are comma- or pipe-separated. Archived assets are left out unless `status` names
 * them. tagIds: assets carrying any of the tags; collectionIds: members of any of the collections; both: both.
 */
export interface AssetListQuery {
  page?: number;
  pageSize?: number;
  /** A field of ASSET_SORT_FIELDS, `-` first for descending. Default `name`. */
  sort?: string;
  /** Case-insensitive text in the name, external id, instance type or site. */
  search?: string;
  status?: string;
  tagIds?: string;
  collectionIds?: string;
  timeHorizon?: TimeHorizon;
  includeRatingData?: boolean;
}

export interface Page<T> {
  items: T[];
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface SystemAttributesDto {
  assetId: string;
  name: string;
  attributes: { name: keyof AssetAttributes; value: string | number | boolean | null }[];
}

export interface UpdateActiveStatusRequest {
  assetIds: string[];
  status: AssetStatus;
}

export interface UpdateActiveStatusResponse {
  updated: number;
}

export interface CollectionDto {
  id: string;
  name: string;
  assetCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface CollectionDetailDto extends CollectionDto {
  assetIds: string[];
}

export interface CreateCollectionRequest {
  name: string;
  assetIds?: string[];
}

export interface RenameCollectionRequest {
  name: string;
}

/** `PUT collections/{id}/assets`: members to add and to remove (ids of the organization's assets). */
export interface ChangeCollectionAssetsRequest {
  add?: string[];
  remove?: string[];
}

export interface ViewDto {
  id: string;
  name: string;
  description: string;
  tagIds: string[];
  collectionIds: string[];
  timeHorizon: TimeHorizon;
  /** The author's user id: only they and Admins change or delete the view (the server always sends it). */
  createdBy?: string;
  createdAt: string;
  updatedAt: string;
}

/** `PATCH views`: creates a view, or updates the view of `id`. */
export interface SaveViewRequest {
  id?: string;
  name: string;
  description?: string;
  tagIds?: string[];
  collectionIds?: string[];
  timeHorizon?: TimeHorizon;
}

export interface ViewSummaryDto {
  assetCount: number;
  byStatus: Record<AssetStatus, number>;
  collections: { id: string; name: string }[];
  tagIds: string[];
}

export type SidebarItemType = 'collection' | 'view' | 'asset';

export interface SidebarItem {
  type: SidebarItemType;
  id: string;
  name: string;
  favorite: boolean;
}

/** `GET meta/sidebar`: the caller's navigation tree in the selected organization. */
export interface SidebarDto {
  organizationId: string;
  /** Favorites first, in the order they were marked. */
  favorites: SidebarItem[];
  collections: SidebarItem[];
  views: SidebarItem[];
}

export interface ToggleFavoriteRequest {
  type: SidebarItemType;
  id: string;
  favorite: boolean;
}

export interface AwsIntegrationRequest {
  roleArn: string;
  externalId: string;
  /** Regions to sync; default: the regions EC2 reports as enabled for the account. */
  regions?: string[];
}

export type SyncState = 'never' | 'queued' | 'running' | 'succeeded' | 'failed';

export interface AwsIntegrationDto {
  roleArn: string;
  externalId: string;
  regions: string[];
  state: SyncState;
  lastRunAt: string | null;
  lastSucceededAt: string | null;
  /** Assets created and updated by the last successful run. */
  lastCounts: { created: number; updated: number; seen: number } | null;
  lastError: string | null;
}

/** Inventory's domain error codes; the web app maps codes, never message text. */
export enum InventoryErrorCode {
  AssetNotFound = 'ASSET_NOT_FOUND',
  CollectionNotFound = 'COLLECTION_NOT_FOUND',
  ViewNotFound = 'VIEW_NOT_FOUND',
  TagNotFound = 'TAG_NOT_FOUND',
  AssetLimitReached = 'ASSET_LIMIT_REACHED',
  IntegrationNotFound = 'INTEGRATION_NOT_FOUND',
  BatchTooLarge = 'ASSET_BATCH_TOO_LARGE',
  CollectionNameTaken = 'COLLECTION_NAME_TAKEN',
  ViewNameTaken = 'VIEW_NAME_TAKEN',
  UnknownAssets = 'ASSET_IDS_UNKNOWN',
  SyncAlreadyRunning = 'INTEGRATION_SYNC_RUNNING',
  AdminOnly = 'INVENTORY_ADMIN_ONLY',
  DuplicateExternalId = 'ASSET_EXTERNAL_ID_REPEATED',
}

/** The entities a shared link can name, whose organization `GET locate/{kind}/{id}` finds. */
/** The answer to an upsert beyond the plan (`ASSET_LIMIT_REACHED`): the limit, the count and what was asked. */
export function assetLimitMessage(limit: number, count: number, adding: number): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    `The account's plan allows ${n(limit)} assets; the account holds ${n(count)} and this request would add ` +
    `${n(adding)}. Contact support to change the plan.`
  );
}

export const LOCATABLE_KINDS: readonly SidebarItemType[] = ['asset', 'collection', 'view'];

/**
 * `GET locate/{kind}/{id}` (no organizationId header): which of the CALLER's organizations holds the entity, so a
 * shared link of another organization can offer to switch to it. Only the caller's own organizations are searched
 * (a System Admin's: all), so an entity of an organization the caller cannot open answers the same 404 as an unknown id.
 */
export interface EntityLocationDto {
  kind: SidebarItemType;
  id: string;
  organizationId: string;
  accountId: string;
}

/** Inventory's internal answer to the gateway (not a public route): the organization that holds the entity. */
export interface EntityOrganizationDto {
  organizationId: string;
}
