import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CreateTagsRequest, CreateTagsResponse, TagDto } from '@infra/contracts';
import { Access, Caller, CallerContext } from '@infra/platform';
import { actorOf } from '../tenant';
import { CreateTagsDto, createTagsBodyPipe, TagListQueryDto, UpdateTagDto } from './tags.dto';
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
  @Access('organization-admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'batchCreateTag: create many tags, all or nothing (Admin).' })
  @ApiBody({ type: CreateTagsDto })
  createMany(
    @Caller() caller: CallerContext,
    // An interface, not the class: the global pipe leaves it to createTagsBodyPipe (no instance per tag).
    @Body(createTagsBodyPipe()) body: CreateTagsRequest,
  ): Promise<CreateTagsResponse> {
    return this.tags.createMany(actorOf(caller), body.tags);
  }

  @Patch(':id')
  @Access('organization-admin')
  @ApiOperation({ summary: 'updateTag: change the description, archive or restore (Admin).' })
  update(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateTagDto,
  ): Promise<TagDto> {
    return this.tags.update(actorOf(caller), id, body);
  }
}
