import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { type CollectionDetailDto, type CollectionDto, InventoryErrorCode, TOPICS } from '@infra/contracts';
import { EventPublisher } from '@infra/messaging';
import type { Tenant } from '@infra/platform';
import { AssetsRepository } from '../assets/assets.repository';
import { inventoryError } from '../inventory.errors';
import { ChangeCollectionAssetsDto, CreateCollectionDto } from './collections.dto';
import { CollectionRow, CollectionsRepository, isDuplicateName } from './collections.repository';

function toCollectionDto(row: CollectionRow): CollectionDto {
  return {
    id: row.id,
    name: row.name,
    assetCount: row.asset_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

@Injectable()
export class CollectionsService {
  constructor(
    private readonly collections: CollectionsRepository,
    private readonly assets: AssetsRepository,
    private readonly events: EventPublisher,
  ) {}

  async list(tenant: Tenant): Promise<CollectionDto[]> {
    return (await this.collections.list(tenant.organizationId)).map(toCollectionDto);
  }

  async get(tenant: Tenant, id: string): Promise<CollectionDetailDto> {
    const row = await this.collections.find(tenant.organizationId, id);
    if (!row) throw inventoryError(InventoryErrorCode.CollectionNotFound);
    return { ...toCollectionDto(row), assetIds: await this.collections.memberIds(tenant.organizationId, id) };
  }

  async create(tenant: Tenant, body: CreateCollectionDto): Promise<CollectionDetailDto> {
    return this.saving(() =>
      this.collections.transaction(async (manager) => {
        const assetIds = await this.ownedAssetIds(manager, tenant, body.assetIds ?? []);
        const id = await this.collections.insert(manager, tenant, body.name);
        await this.collections.addMembers(manager, tenant.organizationId, id, assetIds);
        return this.changed(manager, tenant, id);
      }),
    );
  }

  async rename(tenant: Tenant, id: string, name: string): Promise<CollectionDetailDto> {
    return this.saving(() =>
      this.collections.transaction(async (manager) => {
        await this.locked(manager, tenant, id);
        await this.collections.rename(manager, tenant.organizationId, id, name);
        return this.changed(manager, tenant, id);
      }),
    );
  }

  /** Adds and removes members in one transaction; every id must be an asset of the organization. */
  async changeAssets(tenant: Tenant, id: string, body: ChangeCollectionAssetsDto): Promise<CollectionDetailDto> {
    return this.collections.transaction(async (manager) => {
      await this.locked(manager, tenant, id);
      const add = await this.ownedAssetIds(manager, tenant, body.add ?? []);
      const remove = [...new Set(body.remove ?? [])];
      await this.collections.removeMembers(manager, tenant.organizationId, id, remove);
      await this.collections.addMembers(manager, tenant.organizationId, id, add);
      await this.collections.touch(manager, tenant.organizationId, id);
      return this.changed(manager, tenant, id);
    });
  }

  async delete(tenant: Tenant, id: string): Promise<void> {
    await this.collections.transaction(async (manager) => {
      await this.locked(manager, tenant, id);
      const row = (await this.collections.find(tenant.organizationId, id, manager))!;
      await this.collections.delete(manager, tenant.organizationId, id);
      await this.publish(manager, tenant, { collectionId: id, name: row.name, assetIds: [], deleted: true });
    });
  }

  private async locked(manager: EntityManager, tenant: Tenant, id: string): Promise<void> {
    if (!(await this.collections.lock(manager, tenant.organizationId, id)))
      throw inventoryError(InventoryErrorCode.CollectionNotFound);
  }

  private async ownedAssetIds(manager: EntityManager, tenant: Tenant, assetIds: string[]): Promise<string[]> {
    const ids = [...new Set(assetIds)];
    if (ids.length > 0 && (await this.assets.countOwned(tenant.organizationId, ids, manager)) !== ids.length)
      throw inventoryError(InventoryErrorCode.UnknownAssets);
    return ids;
  }

  /** The collection as it now is, published with its member ids (inventory.collection.changed.v1). */
  private async changed(manager: EntityManager, tenant: Tenant, id: string): Promise<CollectionDetailDto> {
    const row = (await this.collections.find(tenant.organizationId, id, manager))!;
    const assetIds = await this.collections.memberIds(tenant.organizationId, id, manager);
    await this.publish(manager, tenant, { collectionId: id, name: row.name, assetIds, deleted: false });
    return { ...toCollectionDto(row), assetIds };
  }

  private async publish(
    manager: EntityManager,
    tenant: Tenant,
    payload: { collectionId: string; name: string; assetIds: string[]; deleted: boolean },
  ): Promise<void> {
    await this.events.publish(manager, TOPICS.inventoryCollectionChanged, {
      organizationId: tenant.organizationId,
      accountId: tenant.accountId,
      actorId: tenant.userId,
      payload,
    });
  }

  /** The unique index decides, so two concurrent creates of one name cannot both win. */
  private async saving<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error) {
      if (isDuplicateName(error)) throw inventoryError(InventoryErrorCode.CollectionNameTaken);
      throw error;
    }
  }
}
