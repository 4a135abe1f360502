import { Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isUuid, MESSAGES, Role } from '@infra/contracts';
import { Caller, CallerContext } from '@infra/platform';
import { Membership } from '../accounts/account.entity';
import { Organization } from '../organizations/organization.entity';

/**
 * Gateway-only (not in the public route table): may the signed caller act in this organization, and with
 * which role? 404 when not. System Admins act everywhere.
 */
@ApiExcludeController()
@Controller('internal/memberships')
export class MembershipsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get(':organizationId')
  async membership(
    @Caller() caller: CallerContext,
    @Param('organizationId') organizationId: string,
  ): Promise<{ accountId: string; organizationId: string; role: Role }> {
    if (!isUuid(organizationId)) throw new NotFoundException(MESSAGES.notFound('Organization'));
    const organization = await this.dataSource.getRepository(Organization).findOneBy({ id: organizationId });
    if (organization && caller.systemAdmin)
      return { accountId: organization.accountId, organizationId, role: 'System Admin' };
    const membership =
      organization &&
      (await this.dataSource
        .getRepository(Membership)
        .findOneBy({ accountId: organization.accountId, userId: caller.userId }));
    if (!organization || !membership) throw new NotFoundException(MESSAGES.notFound('Organization'));
    return { accountId: organization.accountId, organizationId, role: membership.role };
  }
}
