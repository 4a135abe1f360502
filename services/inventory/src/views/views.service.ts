import { Injectable } from '@nestjs/common';
import {
  ASSET_STATUSES,
  DEFAULT_TIME_HORIZON,
  InventoryErrorCode,
  type ViewDto,
  type ViewSummaryDto,
} from '@infra/contracts';
import { ReadModelLag } from '@infra/messaging';
import type { Tenant } from '@infra/platform';
import { AssetsRepository } from '../assets/assets.repository';
import { CollectionsRepository } from '../collections/collections.repository';
import { isDuplicateName } from '../collections/collections.repository';
import { inventoryError } from '../inventory.errors';
import { SaveViewDto, ViewSummaryQueryDto } from './views.dto';
import { ViewFields, ViewRow, ViewsRepository } from './views.repository';

function toViewDto(row: ViewRow): ViewDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tagIds: row.tag_ids,
    collectionIds: row.collection_ids,
    timeHorizon: row.time_horizon,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

@Injectable()
export class ViewsService {
  constructor(
    private readonly views: ViewsRepository,
    private readonly collections: CollectionsRepository,
    private readonly assets: AssetsRepository,
    private readonly lag: ReadModelLag = ReadModelLag.none,
  ) {}

  async list(tenant: Tenant): Promise<ViewDto[]> {
    return (await this.views.list(tenant.organizationId)).map(toViewDto);
  }

  async get(tenant: Tenant, id: string): Promise<ViewDto> {
    const row = await this.views.find(tenant.organizationId, id);
    if (!row) throw inventoryError(InventoryErrorCode.ViewNotFound);
    return toViewDto(row);
  }

  /**
   * Creates a view, or updates the view of `body.id`. Any member saves views; changing or deleting one is for its
   * author and Admins. The collections and tags of the filter must be the organization's (a tag created a moment ago
   * is waited for: inventory's copy of tags follows tagging's events).
   */
  async save(tenant: Tenant, body: SaveViewDto): Promise<ViewDto> {
    const collectionIds = [...new Set(body.collectionIds ?? [])];
    const known = await this.collections.namesOf(tenant.organizationId, collectionIds);
    if (known.length !== collectionIds.length) throw inventoryError(InventoryErrorCode.CollectionNotFound);
    const tagIds = [...new Set(body.tagIds ?? [])];
    let knownTags = 0;
    await this.lag.waitFor(
      async () => (knownTags = await this.views.knownTags(tenant.organizationId, tagIds)) === tagIds.length,
    );
    if (knownTags !== tagIds.length) throw inventoryError(InventoryErrorCode.TagNotFound);
    const fields: ViewFields = {
      name: body.name,
      description: body.description ?? '',
      tagIds,
      collectionIds,
      timeHorizon: body.timeHorizon ?? DEFAULT_TIME_HORIZON,
    };
    try {
      return await this.views.transaction(async (manager) => {
        if (!body.id) return toViewDto(await this.views.insert(manager, tenant, fields));
        await this.editable(tenant, body.id);
        return toViewDto(await this.views.update(manager, tenant.organizationId, body.id, fields));
      });
    } catch (error) {
      if (isDuplicateName(error)) throw inventoryError(InventoryErrorCode.ViewNameTaken);
      throw error;
    }
  }

  async delete(tenant: Tenant, id: string): Promise<void> {
    await this.editable(tenant, id);
    await this.views.transaction((manager) => this.views.delete(manager, tenant.organizationId, id));
  }

  /** What a filter matches: assets by status (the count leaves archived ones out), its collections and tags. */
  async summary(tenant: Tenant, query: ViewSummaryQueryDto): Promise<ViewSummaryDto> {
    const [byStatus, collections] = await Promise.all([
      this.assets.countByStatus(tenant.organizationId, query),
      this.collections.namesOf(tenant.organizationId, query.collectionIds ?? []),
    ]);
    const assetCount = ASSET_STATUSES.filter((status) => status !== 'archived').reduce(
      (sum, status) => sum + byStatus[status],
      0,
    );
    return { assetCount, byStatus, collections, tagIds: query.tagIds ?? [] };
  }

  private async editable(tenant: Tenant, id: string): Promise<void> {
    const row = await this.views.find(tenant.organizationId, id);
    if (!row) throw inventoryError(InventoryErrorCode.ViewNotFound);
    if (tenant.role === 'User' && row.created_by !== tenant.userId) throw inventoryError(InventoryErrorCode.AdminOnly);
  }
}
