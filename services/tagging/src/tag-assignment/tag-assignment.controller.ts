import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AssignSystemTagsResponse, AssignTagsSummary } from '@infra/contracts';
import { Access, Caller, CallerContext } from '@infra/platform';
import { actorOf } from '../tenant';
import { AssignSystemTagsDto, AssignTagsDto } from './tag-assignment.dto';
import { TagAssignmentService } from './tag-assignment.service';
import { SystemTagsService } from './system-tags.service';

@ApiTags('Tags')
@Controller('tags')
export class TagAssignmentController {
  constructor(
    private readonly assignment: TagAssignmentService,
    private readonly systemTags: SystemTagsService,
  ) {}

  @Post('batchAssignTags')
  @Access('organization-admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Assign tags to assets (one by one or by collection) and unassign them (Admin).' })
  assign(@Caller() caller: CallerContext, @Body() body: AssignTagsDto): Promise<AssignTagsSummary> {
    return this.assignment.assign(actorOf(caller), body);
  }

  @Post('assignSystemTag')
  @Access('organization-admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Re-derive system tags (site, instance type) of assets from their attributes (Admin).' })
  assignSystemTags(
    @Caller() caller: CallerContext,
    @Body() body: AssignSystemTagsDto,
  ): Promise<AssignSystemTagsResponse> {
    return this.systemTags.assign(actorOf(caller), body.assetIds);
  }
}
