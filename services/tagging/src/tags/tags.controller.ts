import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CreateTagsResponse, TagDto } from '@infra/contracts';
import { Caller, CallerContext } from '@infra/platform';
import { actorOf, adminActorOf } from '../tenant';
import { CreateTagsDto, TagListQueryDto, UpdateTagDto } from './tags.dto';
import { TagsService } from './tags.service';

@ApiTags('Tags')
@Controller('tags')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Get()
  @ApiOperation({ summary: "The organization's tags with their status and asset counts (system tags on request)." })
  list(@Caller() caller: CallerContext, @Query() query: TagListQueryDto): Promise<TagDto[]> {
    return this.tags.list(actorOf(caller), query);
  }

  @Post('batch')
  @HttpCode(201)
  @ApiOperation({ summary: 'batchCreateTag: create many tags, all or nothing (Admin).' })
  createMany(@Caller() caller: CallerContext, @Body() body: CreateTagsDto): Promise<CreateTagsResponse> {
    return this.tags.createMany(adminActorOf(caller), body.tags);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'updateTag: change the description, archive or restore (Admin).' })
  update(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateTagDto,
  ): Promise<TagDto> {
    return this.tags.update(adminActorOf(caller), id, body);
  }
}
