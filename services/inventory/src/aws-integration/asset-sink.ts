import type { AssetUpsertItem, UpsertAssetsResponse } from '@infra/contracts';

/** Who a sync writes for: the integration's organization and account, and the actor of the asset events. */
export interface SyncTenant {
  organizationId: string;
  accountId: string;
  actorId: string;
}

/**
 * Where synced assets go: the assets feature's `AssetsService.upsertForOrganization` (at most
 * `INVENTORY_LIMITS.upsertBatchMax` items per call, all or nothing, publishing the asset events).
 */
export interface AssetSink {
  upsertForOrganization(tenant: SyncTenant, items: AssetUpsertItem[]): Promise<UpsertAssetsResponse>;
}

/** Nest token of the AssetSink: `{ provide: ASSET_SINK, useExisting: AssetsService }`. */
export const ASSET_SINK = 'AwsIntegration:AssetSink';
