import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ApiKeyDto, CreatedApiKeyDto } from '@infra/contracts';
import { Access, Caller, CallerContext } from '@infra/platform';
import { CreateApiKeyDto } from './api-keys.dto';
import { ApiKeysService } from './api-keys.service';

/** API keys of an account (Admin → Account → Security). The secret is in the creation's answer only. */
@ApiTags('API keys')
@Controller('accounts/:id/api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  list(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<ApiKeyDto[]> {
    return this.keys.list(caller, id);
  }

  @Post()
  @Access('account-admin')
  create(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: CreateApiKeyDto,
  ): Promise<CreatedApiKeyDto> {
    return this.keys.create(caller, id, body);
  }

  @Delete(':keyId')
  @Access('account-admin')
  @HttpCode(204)
  revoke(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Param('keyId', ParseUUIDPipe) keyId: string,
  ): Promise<void> {
    return this.keys.revoke(caller, id, keyId);
  }
}
