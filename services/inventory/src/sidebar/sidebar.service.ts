import { Injectable } from '@nestjs/common';
import { InventoryErrorCode, type SidebarDto, type SidebarItem } from '@infra/contracts';
import type { Tenant } from '@infra/platform';
import { inventoryError } from '../inventory.errors';
import { ToggleFavoriteDto } from './sidebar.dto';
import { SidebarRepository } from './sidebar.repository';

const NOT_FOUND = {
  collection: InventoryErrorCode.CollectionNotFound,
  view: InventoryErrorCode.ViewNotFound,
  asset: InventoryErrorCode.AssetNotFound,
} as const;

@Injectable()
export class SidebarService {
  constructor(private readonly sidebar: SidebarRepository) {}

  /** The caller's navigation tree: favorites first, then the organization's collections and views. */
  async tree(tenant: Tenant): Promise<SidebarDto> {
    const [favorites, items] = await Promise.all([
      this.sidebar.favorites(tenant.userId, tenant.organizationId),
      this.sidebar.items(tenant.organizationId),
    ]);
    const marked = new Set(favorites.map((item) => `${item.type}:${item.id}`));
    const withFlag = (item: { type: SidebarItem['type']; id: string; name: string }): SidebarItem => ({
      ...item,
      favorite: marked.has(`${item.type}:${item.id}`),
    });
    return {
      organizationId: tenant.organizationId,
      favorites: favorites.map((item) => ({ ...item, favorite: true })),
      collections: items.filter((item) => item.type === 'collection').map(withFlag),
      views: items.filter((item) => item.type === 'view').map(withFlag),
    };
  }

  /** Marks or unmarks an item of the organization; repeating a toggle changes nothing. */
  async toggle(tenant: Tenant, body: ToggleFavoriteDto): Promise<SidebarItem> {
    const name = await this.sidebar.nameOf(tenant.organizationId, body.type, body.id);
    if (name === undefined) throw inventoryError(NOT_FOUND[body.type]);
    if (body.favorite) await this.sidebar.mark(tenant.userId, tenant.organizationId, body.type, body.id);
    else await this.sidebar.unmark(tenant.userId, tenant.organizationId, body.type, body.id);
    return { type: body.type, id: body.id, name, favorite: body.favorite };
  }
}
