import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SidebarDto, SidebarItem } from '@infra/contracts';
import { Access, Caller, CallerContext, tenantOf } from '@infra/platform';
import { ToggleFavoriteDto } from './sidebar.dto';
import { SidebarService } from './sidebar.service';

@ApiTags('Meta')
@Controller('meta/sidebar')
export class SidebarController {
  constructor(private readonly sidebar: SidebarService) {}

  @Get()
  @ApiOperation({ summary: "The caller's navigation tree in the organization: favorites first, collections, views." })
  tree(@Caller() caller: CallerContext): Promise<SidebarDto> {
    return this.sidebar.tree(tenantOf(caller));
  }

  @Put('favorite')
  @Access('organization-member')
  @ApiOperation({ summary: 'Mark or unmark a collection, view or asset as a favorite of the caller.' })
  toggle(@Caller() caller: CallerContext, @Body() body: ToggleFavoriteDto): Promise<SidebarItem> {
    return this.sidebar.toggle(tenantOf(caller), body);
  }
}
