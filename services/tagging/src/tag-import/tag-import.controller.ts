import { Controller, Get, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ImportValidationDto, TagImportDto } from '@infra/contracts';
import { Access, Caller, CallerContext } from '@infra/platform';
import { actorOf } from '../tenant';
import { ImportFileQueryDto } from './tag-import.dto';
import { TagImportService } from './tag-import.service';

@ApiTags('Tag import')
@Controller('tags')
export class TagImportController {
  constructor(private readonly imports: TagImportService) {}

  @Get('validate/import')
  @ApiOperation({ summary: 'Validate an uploaded CSV file (a job; nothing is written). 200 even when invalid.' })
  validate(@Caller() caller: CallerContext, @Query() query: ImportFileQueryDto): Promise<ImportValidationDto> {
    return this.imports.validate(actorOf(caller), query.fileName);
  }

  @Post('import')
  @Access('organization-admin')
  @ApiOperation({ summary: 'Import an uploaded CSV file as a job, all or nothing (Admin).' })
  @ApiResponse({ status: 202, description: 'A new import, queued.' })
  @ApiResponse({ status: 200, description: 'This content was submitted before: the existing import.' })
  async submit(
    @Caller() caller: CallerContext,
    @Query() query: ImportFileQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TagImportDto> {
    const submitted = await this.imports.submit(actorOf(caller), query.fileName);
    res.status(submitted.created ? 202 : 200);
    return submitted.import;
  }

  @Get('import')
  @ApiOperation({ summary: 'Past imports of the organization, newest first.' })
  list(@Caller() caller: CallerContext): Promise<TagImportDto[]> {
    return this.imports.list(actorOf(caller));
  }

  @Get('import/:id')
  @ApiOperation({ summary: 'One import, for polling its status.' })
  find(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<TagImportDto> {
    return this.imports.find(actorOf(caller), id);
  }
}
