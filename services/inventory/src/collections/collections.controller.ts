import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CollectionDetailDto, CollectionDto } from '@infra/contracts';
import { Access, Caller, CallerContext, tenantOf } from '@infra/platform';
import { ChangeCollectionAssetsDto, CreateCollectionDto, RenameCollectionDto } from './collections.dto';
import { CollectionsService } from './collections.service';

@ApiTags('Collections')
@Controller('collections')
export class CollectionsController {
  constructor(private readonly collections: CollectionsService) {}

  @Get()
  @ApiOperation({ summary: "The organization's collections with their asset counts, by name." })
  list(@Caller() caller: CallerContext): Promise<CollectionDto[]> {
    return this.collections.list(tenantOf(caller));
  }

  @Post()
  @Access('organization-admin')
  @ApiOperation({ summary: 'Create a collection, optionally with members (Admin). Names are unique per organization.' })
  create(@Caller() caller: CallerContext, @Body() body: CreateCollectionDto): Promise<CollectionDetailDto> {
    return this.collections.create(tenantOf(caller), body);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One collection with its member asset ids.' })
  get(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<CollectionDetailDto> {
    return this.collections.get(tenantOf(caller), id);
  }

  @Patch(':id')
  @Access('organization-admin')
  @ApiOperation({ summary: 'Rename a collection (Admin).' })
  rename(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: RenameCollectionDto,
  ): Promise<CollectionDetailDto> {
    return this.collections.rename(tenantOf(caller), id, body.name);
  }

  @Put(':id/assets')
  @Access('organization-admin')
  @ApiOperation({ summary: 'Add and remove members in one step (Admin).' })
  changeAssets(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: ChangeCollectionAssetsDto,
  ): Promise<CollectionDetailDto> {
    return this.collections.changeAssets(tenantOf(caller), id, body);
  }

  @Delete(':id')
  @Access('organization-admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a collection (Admin); its assets stay.' })
  delete(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.collections.delete(tenantOf(caller), id);
  }
}
