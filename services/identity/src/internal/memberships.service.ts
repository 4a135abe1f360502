import { Injectable } from '@nestjs/common';
import { isUuid, OrganizationErrorCode, Role } from '@infra/contracts';
import type { CallerContext } from '@infra/platform';
import { organizationError } from '../organizations/organizations.errors';
import { InternalMembershipsRepository } from './memberships.repository';

export interface OrganizationMembership {
  accountId: string;
  organizationId: string;
  role: Role;
}

@Injectable()
export class InternalMembershipsService {
  constructor(private readonly memberships: InternalMembershipsRepository) {}

  /** The caller's role in the organization; 404 alike for no organization and for one the caller is not in. */
  async of(caller: CallerContext, organizationId: string): Promise<OrganizationMembership> {
    const found = isUuid(organizationId)
      ? await this.memberships.roleInOrganization(organizationId, caller.userId)
      : undefined;
    if (found && caller.systemAdmin) return { accountId: found.accountId, organizationId, role: 'System Admin' };
    if (!found?.role) throw organizationError(OrganizationErrorCode.NotFound);
    return { accountId: found.accountId, organizationId, role: found.role };
  }

  /**
   * The organizations the caller may open through their memberships (a System Admin's platform-wide access is not
   * listed: the services read it from the signed context).
   */
  async organizationsOf(caller: CallerContext): Promise<string[]> {
    const rows = await this.memberships.organizationsOfMember(caller.userId);
    return rows.map((row) => row.organizationId);
  }
}
