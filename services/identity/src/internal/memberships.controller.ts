import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Caller, CallerContext } from '@infra/platform';
import { InternalMembershipsService, OrganizationMembership } from './memberships.service';

/**
 * Gateway-only (not in the public route table): may the signed caller act in this organization, and with
 * which role? 404 when not. System Admins act everywhere.
 */
@ApiExcludeController()
@Controller('internal/memberships')
export class MembershipsController {
  constructor(private readonly memberships: InternalMembershipsService) {}

  /** The organizations the caller may open through their memberships (the gateway's shared-link look-up). */
  @Get()
  organizations(@Caller() caller: CallerContext): Promise<string[]> {
    return this.memberships.organizationsOf(caller);
  }

  @Get(':organizationId')
  membership(
    @Caller() caller: CallerContext,
    @Param('organizationId') organizationId: string,
  ): Promise<OrganizationMembership> {
    return this.memberships.of(caller, organizationId);
  }
}
