import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ViewDto, ViewSummaryDto } from '@infra/contracts';
import { Access, Caller, CallerContext, tenantOf } from '@infra/platform';
import { SaveViewDto, ViewSummaryQueryDto } from './views.dto';
import { ViewsService } from './views.service';

@ApiTags('Views')
@Controller('views')
export class ViewsController {
  constructor(private readonly views: ViewsService) {}

  @Get()
  @ApiOperation({ summary: "The organization's saved views, by name." })
  list(@Caller() caller: CallerContext): Promise<ViewDto[]> {
    return this.views.list(tenantOf(caller));
  }

  @Patch()
  @Access('organization-member')
  @ApiOperation({
    summary: 'Create a view, or update the view of `id` (its author or an Admin). Names are unique per organization.',
  })
  save(@Caller() caller: CallerContext, @Body() body: SaveViewDto): Promise<ViewDto> {
    return this.views.save(tenantOf(caller), body);
  }

  @Get('summary')
  @ApiOperation({ summary: 'How many assets a filter matches, by status, and its collections and tags.' })
  summary(@Caller() caller: CallerContext, @Query() query: ViewSummaryQueryDto): Promise<ViewSummaryDto> {
    return this.views.summary(tenantOf(caller), query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One saved view.' })
  get(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<ViewDto> {
    return this.views.get(tenantOf(caller), id);
  }

  @Delete(':id')
  @Access('organization-member')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a view (its author or an Admin).' })
  delete(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.views.delete(tenantOf(caller), id);
  }
}
