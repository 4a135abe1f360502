import { BusinessEventErrorCode } from '@infra/contracts';
import { type CallerContext, type Tenant, tenantOf } from '@infra/platform';
import { businessEventError } from './events.errors';

export { type Tenant, tenantOf };

/** Events are Admin → Management entities: creating and changing them is for Admins (and System Admins), as tags. */
export function adminTenantOf(caller: CallerContext): Tenant {
  const tenant = tenantOf(caller);
  if (tenant.role === 'User') throw businessEventError(BusinessEventErrorCode.AdminOnly);
  return tenant;
}
