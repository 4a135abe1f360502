import { Injectable } from '@nestjs/common';
import { InventoryErrorCode, type EntityOrganizationDto, type SidebarItemType } from '@infra/contracts';
import type { CallerContext } from '@infra/platform';
import { inventoryError } from '../inventory.errors';
import { LocateRepository } from './locate.repository';

const NOT_FOUND: Record<SidebarItemType, InventoryErrorCode> = {
  asset: InventoryErrorCode.AssetNotFound,
  collection: InventoryErrorCode.CollectionNotFound,
  view: InventoryErrorCode.ViewNotFound,
};

/**
 * Finds which of the caller's organizations holds an entity (for a shared link of another organization). The
 * organizations come from the gateway, which asked identity for the caller's memberships; whether the caller is a
 * System Admin comes from the signed caller context, never from the request.
 */
@Injectable()
export class LocateService {
  constructor(private readonly locations: LocateRepository) {}

  async locate(
    caller: CallerContext,
    kind: SidebarItemType,
    id: string,
    organizationIds: readonly string[],
  ): Promise<EntityOrganizationDto> {
    const organizationId = caller.systemAdmin
      ? await this.locations.organizationOfAny(kind, id)
      : organizationIds.length > 0
        ? await this.locations.organizationOf(kind, id, organizationIds)
        : undefined;
    if (!organizationId) throw inventoryError(NOT_FOUND[kind]);
    return { organizationId };
  }
}
