import { Body, Controller, Get, HttpCode, Param, Put, Query, Res } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { FileAddressDto } from '@infra/contracts';
import { Access, Caller, CallerContext, NoCallerContext } from '@infra/platform';
import { actorOf } from '../tenant';
import { contentDisposition } from './file-store';
import { SignedFileQueryDto } from './files.dto';
import { FilesService } from './files.service';

@ApiTags('Files')
@Controller()
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Get('s3/tag-upload/:fileName')
  @Access('organization-admin')
  @ApiOperation({ summary: 'A signed address to PUT an import file to (Admin; short expiry).' })
  uploadAddress(@Caller() caller: CallerContext, @Param('fileName') fileName: string): Promise<FileAddressDto> {
    return this.files.uploadAddress(actorOf(caller), fileName);
  }

  @Get('s3/tag-download/:fileName')
  @ApiOperation({ summary: 'A signed address to download a past import file or the template.' })
  downloadAddress(@Caller() caller: CallerContext, @Param('fileName') fileName: string): Promise<FileAddressDto> {
    return this.files.downloadAddress(actorOf(caller), fileName);
  }

  // The signature is the authorization (like an S3 presigned URL): no caller context.
  @Put('files/tag-upload')
  @NoCallerContext()
  @HttpCode(200)
  @ApiConsumes('text/csv')
  @ApiOperation({ summary: "The local store's signed upload: PUT the CSV file (text/csv)." })
  async upload(@Query() query: SignedFileQueryDto, @Body() body: unknown): Promise<void> {
    await this.files.receiveUpload(query, body);
  }

  @Get('files/tag-download')
  @NoCallerContext()
  @ApiProduces('text/csv')
  @ApiOperation({ summary: "The local store's signed download." })
  async download(@Query() query: SignedFileQueryDto, @Res() res: Response): Promise<void> {
    const file = await this.files.download(query);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', contentDisposition(file.fileName));
    res.setHeader('cache-control', 'no-store');
    res.status(200).send(file.content);
  }
}
