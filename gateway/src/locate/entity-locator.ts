import { BadRequestException, Injectable } from '@nestjs/common';
import {
  type EntityLocationDto,
  type EntityOrganizationDto,
  InventoryErrorCode,
  isUuid,
  LOCATABLE_KINDS,
  MESSAGES,
  type SidebarItemType,
} from '@infra/contracts';
import { CALLER_CONTEXT_HEADER, type CallerContext, CallerContextSigner, domainErrors } from '@infra/platform';
import { TenancyService } from '../auth/tenancy.service';
import { Upstreams } from '../routing/upstreams';

type NotFoundCode =
  InventoryErrorCode.AssetNotFound | InventoryErrorCode.CollectionNotFound | InventoryErrorCode.ViewNotFound;

/** The same answer (status, message, code) as inventory's `GET assets/{id}` etc. for an id it does not know. */
const notFound = domainErrors<NotFoundCode>({
  [InventoryErrorCode.AssetNotFound]: { status: 404, message: MESSAGES.notFound('Asset') },
  [InventoryErrorCode.CollectionNotFound]: { status: 404, message: MESSAGES.notFound('Collection') },
  [InventoryErrorCode.ViewNotFound]: { status: 404, message: MESSAGES.notFound('View') },
});

const NOT_FOUND: Record<SidebarItemType, NotFoundCode> = {
  asset: InventoryErrorCode.AssetNotFound,
  collection: InventoryErrorCode.CollectionNotFound,
  view: InventoryErrorCode.ViewNotFound,
};

export function isLocatableKind(kind: string): kind is SidebarItemType {
  return (LOCATABLE_KINDS as readonly string[]).includes(kind);
}

/**
 * `GET locate/{kind}/{id}`: which of the caller's organizations holds an asset, collection or view, so that a
 * shared link of another organization can offer to switch there. Tenant isolation: inventory searches ONLY the
 * organizations identity lists for the caller (a System Admin's: all, read by inventory from the signed context),
 * in one query, so an entity of an organization the caller cannot open, a deleted one and a random id are one and
 * the same 404, with the same work done for each.
 */
@Injectable()
export class EntityLocator {
  constructor(
    private readonly upstreams: Upstreams,
    private readonly tenancy: TenancyService,
    private readonly signer: CallerContextSigner,
  ) {}

  async locate(caller: CallerContext, kind: SidebarItemType, id: string): Promise<EntityLocationDto> {
    // As inventory's own routes answer a malformed id (ParseUUIDPipe): a 400, before any look-up.
    if (!isUuid(id)) throw new BadRequestException('Validation failed (uuid is expected)');
    const organizationIds = caller.systemAdmin ? [] : await this.tenancy.organizationsOf(caller.userId);
    const found = await this.organizationHolding(caller, kind, id, organizationIds);
    // The role and account, as for any organization request (a membership removed meanwhile: not found).
    const membership = found && (await this.tenancy.membership(caller.userId, found, caller.systemAdmin));
    if (!membership) throw notFound(NOT_FOUND[kind]);
    return { kind, id, organizationId: membership.organizationId, accountId: membership.accountId };
  }

  private async organizationHolding(
    caller: CallerContext,
    kind: SidebarItemType,
    id: string,
    organizationIds: string[],
  ): Promise<string | undefined> {
    const context = await this.signer.sign(
      { userId: caller.userId, systemAdmin: caller.systemAdmin, accountId: null, organizationId: null, role: null },
      'inventory',
    );
    const response = await this.upstreams.of('inventory').request({
      method: 'POST',
      path: `/internal/locate/${kind}/${id}`,
      headers: { [CALLER_CONTEXT_HEADER]: context, 'content-type': 'application/json' },
      body: JSON.stringify({ organizationIds }),
      headersTimeout: 5000,
      bodyTimeout: 5000,
    });
    const text = await response.body.text();
    if (response.statusCode === 200) return (JSON.parse(text) as EntityOrganizationDto).organizationId;
    if (response.statusCode === 404) return undefined;
    throw new Error(`inventory locate failed with ${response.statusCode}: ${text.slice(0, 200)}`);
  }
}
