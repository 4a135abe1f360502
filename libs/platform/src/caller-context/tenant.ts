import { ForbiddenException } from '@nestjs/common';
import type { Role } from '@infra/contracts';
import type { CallerContext } from './caller-context';

/** The organization a request acts in, as verified by the gateway (for organization-scoped routes). */
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
