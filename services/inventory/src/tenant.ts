import { InventoryErrorCode } from '@infra/contracts';
import { type CallerContext, type Tenant, tenantOf } from '@infra/platform';
import { inventoryError } from './inventory.errors';

export { type Tenant, tenantOf };

/** Writes to the organization's inventory are for Admins of its account (and System Admins). */
export function adminTenantOf(caller: CallerContext): Tenant {
  const tenant = tenantOf(caller);
  if (tenant.role === 'User') throw inventoryError(InventoryErrorCode.AdminOnly);
  return tenant;
}
