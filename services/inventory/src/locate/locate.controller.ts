import { Body, Controller, HttpCode, Param, ParseEnumPipe, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { EntityOrganizationDto, SidebarItemType } from '@infra/contracts';
import { Access, Caller, CallerContext } from '@infra/platform';
import { LocateEntityDto } from './locate.dto';
import { LocateService } from './locate.service';

const KINDS = { asset: 'asset', collection: 'collection', view: 'view' } as const satisfies Record<
  SidebarItemType,
  SidebarItemType
>;

/**
 * Gateway-only (not in the public route table): the organization, among the given ones, that holds an asset,
 * collection or view. The public `GET locate/{kind}/{id}` is the gateway's, which supplies the caller's
 * organizations. A POST only because the list is a body; it changes nothing.
 */
@ApiExcludeController()
@Controller('internal/locate')
export class LocateController {
  constructor(private readonly locate: LocateService) {}

  @Post(':kind/:id')
  @Access('internal')
  @HttpCode(200)
  organizationOf(
    @Caller() caller: CallerContext,
    @Param('kind', new ParseEnumPipe(KINDS)) kind: SidebarItemType,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: LocateEntityDto,
  ): Promise<EntityOrganizationDto> {
    return this.locate.locate(caller, kind, id, body.organizationIds);
  }
}
