import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { OrganizationDto as OrganizationView } from '@infra/contracts';
import { Access, Caller, CallerContext, OptionalTextPipe } from '@infra/platform';
import { CreateOrganizationDto, OrganizationDto } from './organizations.dto';
import { OrganizationsService } from './organizations.service';

@ApiTags('Organizations')
@Controller('organizations')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Get()
  list(
    @Caller() caller: CallerContext,
    @Query('accountSlug', new OptionalTextPipe()) accountSlug?: string,
  ): Promise<OrganizationView[]> {
    return this.organizations.list(caller, accountSlug);
  }

  @Post()
  @Access('account-admin')
  create(@Caller() caller: CallerContext, @Body() body: CreateOrganizationDto): Promise<OrganizationView> {
    return this.organizations.create(caller, body);
  }

  @Put(':id')
  @Access('account-admin')
  update(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: OrganizationDto,
  ): Promise<OrganizationView> {
    return this.organizations.update(caller, id, body);
  }

  /** Offboarding (System Admins): the organization and, through its deletion event, every service's data of it. */
  @Delete(':id')
  @Access('system-admin')
  @HttpCode(204)
  remove(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Query('name', new OptionalTextPipe()) name?: string,
  ): Promise<void> {
    return this.organizations.remove(caller, id, name);
  }
}
