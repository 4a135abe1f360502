import { Injectable } from '@nestjs/common';
import {
  assetLimitMessage,
  ASSET_ATTRIBUTE_NAMES,
  type AssetDto,
  type AssetSortField,
  type AssetStatus,
  type AssetUpsertItem,
  INVENTORY_LIMITS,
  InventoryErrorCode,
  type Page,
  type SystemAttributesDto,
  TOPICS,
  type UpdateActiveStatusResponse,
  type UpsertAssetsResponse,
} from '@infra/contracts';
import { EventPublisher, ReadModelLag } from '@infra/messaging';
import type { Tenant } from '@infra/platform';
import { inventoryError } from '../inventory.errors';
import { AssetListQueryDto } from './assets.dto';
import { AssetRow, AssetsRepository, ResolvedUpsertItem } from './assets.repository';

/** The statuses a list shows when the query names none: archived assets keep their history but leave lists. */
const LISTED_BY_DEFAULT: AssetStatus[] = ['active', 'offline', 'pending'];

function toAssetDto(row: AssetRow): AssetDto {
  const attributes = Object.fromEntries(ASSET_ATTRIBUTE_NAMES.map((name) => [name, row[name] ?? null]));
  return {
    id: row.id,
    externalId: row.external_id,
    name: row.name,
    status: row.status,
    ...(attributes as Pick<AssetDto, (typeof ASSET_ATTRIBUTE_NAMES)[number]>),
    collectionIds: row.collection_ids,
    tagIds: row.tag_ids,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

@Injectable()
export class AssetsService {
  constructor(
    private readonly assets: AssetsRepository,
    private readonly events: EventPublisher,
    private readonly lag: ReadModelLag = ReadModelLag.none,
  ) {}

  /**
   * Inserts or replaces a batch of assets, all or nothing, and publishes one upserted event per asset (and a
   * status-changed event per changed status) in the same transaction. Also the entry point of the AWS sync.
   */
  async upsertForOrganization(
    tenant: Pick<Tenant, 'organizationId' | 'accountId'> & { actorId: string | null },
    items: AssetUpsertItem[],
  ): Promise<UpsertAssetsResponse> {
    if (items.length > INVENTORY_LIMITS.upsertBatchMax) throw inventoryError(InventoryErrorCode.BatchTooLarge);
    const seen = new Map<string, number>();
    items.forEach((item, index) => {
      const first = seen.get(item.externalId);
      if (first !== undefined)
        throw inventoryError(InventoryErrorCode.DuplicateExternalId, {
          message: `assets.${index}.externalId repeats assets.${first}.externalId (${item.externalId}): each asset once per call.`,
        });
      seen.set(item.externalId, index);
    });
    const { organizationId, accountId, actorId } = tenant;
    const limit = await this.assetLimitOf(organizationId);
    const written = await this.assets.transaction(async (manager) => {
      // Locking the existing rows first makes "status omitted keeps it" exact under concurrent upserts.
      const existing = await this.assets.lockByExternalIds(manager, organizationId, [...seen.keys()]);
      const adding = seen.size - existing.size;
      if (limit !== undefined && adding > 0) {
        const count = await this.assets.countOfAccountLocked(manager, accountId);
        if (count + adding > limit)
          throw inventoryError(InventoryErrorCode.AssetLimitReached, {
            message: assetLimitMessage(limit, count, adding),
          });
      }
      const resolved: ResolvedUpsertItem[] = items.map((item) => ({
        ...item,
        status: item.status ?? existing.get(item.externalId) ?? 'active',
      }));
      const rows = await this.assets.upsert(manager, { organizationId, accountId }, resolved);
      const byExternalId = new Map(rows.map((row) => [row.external_id, row]));
      const collections = await this.assets.collectionIdsOf(
        manager,
        organizationId,
        rows.filter((row) => !row.created).map((row) => row.id),
      );
      const envelope = { organizationId, accountId, actorId };
      await this.events.publishMany(
        manager,
        TOPICS.inventoryAssetUpserted,
        resolved.map((item) => {
          const id = byExternalId.get(item.externalId)!.id;
          return {
            ...envelope,
            payload: {
              assetId: id,
              externalId: item.externalId,
              name: item.name,
              status: item.status,
              collectionIds: collections.get(id) ?? [],
              attributes: Object.fromEntries(ASSET_ATTRIBUTE_NAMES.map((name) => [name, item[name] ?? null])),
            },
          };
        }),
      );
      const statusChanged = resolved.filter((item) => {
        const before = existing.get(item.externalId);
        return before !== undefined && before !== item.status;
      });
      await this.events.publishMany(
        manager,
        TOPICS.inventoryAssetStatusChanged,
        statusChanged.map((item) => ({
          ...envelope,
          payload: { assetId: byExternalId.get(item.externalId)!.id, status: item.status },
        })),
      );
      return byExternalId;
    });
    const results = items.map((item) => {
      const row = written.get(item.externalId)!;
      return { externalId: item.externalId, id: row.id, created: row.created };
    });
    const created = results.filter((result) => result.created).length;
    return { created, updated: results.length - created, results };
  }

  /**
   * The plan limit of the organization's account. Identity's event may be a moment behind a new organization:
   * waited for; an organization whose plan is still unknown (events from before plans were enforced) is not limited.
   */
  private async assetLimitOf(organizationId: string): Promise<number | undefined> {
    let limit: number | undefined;
    await this.lag.waitFor(async () => (limit = await this.assets.assetLimitOf(organizationId)) !== undefined);
    return limit;
  }

  async list(tenant: Tenant, query: AssetListQueryDto): Promise<Page<AssetDto>> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 10;
    const sort = query.sort ?? 'name';
    const descending = sort.startsWith('-');
    const { rows, total } = await this.assets.list(tenant.organizationId, {
      limit: pageSize,
      offset: (page - 1) * pageSize,
      sort: (descending ? sort.slice(1) : sort) as AssetSortField,
      descending,
      search: query.search?.trim() || undefined,
      statuses: query.status?.length ? query.status : LISTED_BY_DEFAULT,
      tagIds: query.tagIds,
      collectionIds: query.collectionIds,
    });
    const ratings = query.includeRatingData
      ? await this.assets.ratingsOf(
          tenant.organizationId,
          rows.map((row) => row.id),
        )
      : undefined;
    const items = rows.map((row) => {
      const dto = toAssetDto(row);
      return ratings ? { ...dto, rating: ratings.get(row.id) ?? null } : dto;
    });
    return { items, total, page, pageSize };
  }

  async get(tenant: Tenant, assetId: string): Promise<AssetDto> {
    return toAssetDto(await this.found(tenant, assetId));
  }

  async systemAttributes(tenant: Tenant, assetId: string): Promise<SystemAttributesDto> {
    const row = await this.found(tenant, assetId);
    return {
      assetId: row.id,
      name: row.name,
      attributes: ASSET_ATTRIBUTE_NAMES.map((name) => ({ name, value: row[name] ?? null })),
    };
  }

  /** All or nothing: an id that is not the organization's (or does not exist) refuses the whole request. */
  async updateStatus(tenant: Tenant, assetIds: string[], status: AssetStatus): Promise<UpdateActiveStatusResponse> {
    const ids = [...new Set(assetIds)];
    return this.assets.transaction(async (manager) => {
      if ((await this.assets.countOwned(tenant.organizationId, ids, manager)) !== ids.length)
        throw inventoryError(InventoryErrorCode.UnknownAssets);
      const changed = await this.assets.updateStatus(manager, tenant.organizationId, ids, status);
      await this.events.publishMany(
        manager,
        TOPICS.inventoryAssetStatusChanged,
        changed.map((assetId) => ({
          organizationId: tenant.organizationId,
          accountId: tenant.accountId,
          actorId: tenant.userId,
          payload: { assetId, status },
        })),
      );
      return { updated: changed.length };
    });
  }

  private async found(tenant: Tenant, assetId: string): Promise<AssetRow> {
    const row = await this.assets.find(tenant.organizationId, assetId);
    if (!row) throw inventoryError(InventoryErrorCode.AssetNotFound);
    return row;
  }
}
