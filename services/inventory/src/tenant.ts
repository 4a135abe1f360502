import { ForbiddenException } from '@nestjs/common';
import { InventoryErrorCode, type Role } from '@infra/contracts';
import type { CallerContext } from '@infra/platform';
import { inventoryError } from './inventory.errors';

/** The organization a request acts in, as verified by the gateway (every inventory route is organization-scoped). */
export interface Tenant {
  organizationId: string;
  accountId: string;
  userId: string;
  role: Role;
}

export function tenantOf(caller: CallerContext): Tenant {
  if (!caller.organizationId || !caller.accountId || !caller.role)
    throw new ForbiddenException('An organization must be selected (organizationId header).');
  return {
    organizationId: caller.organizationId,
    accountId: caller.accountId,
    userId: caller.userId,
    role: caller.role,
  };
}

/** Writes to the organization's inventory are for Admins of its account (and System Admins). */
export function adminTenantOf(caller: CallerContext): Tenant {
  const tenant = tenantOf(caller);
  if (tenant.role === 'User') throw inventoryError(InventoryErrorCode.AdminOnly);
  return tenant;
}
