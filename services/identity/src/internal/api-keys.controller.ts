import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { ApiKeyPrincipal } from '@infra/contracts';
import { Access } from '@infra/platform';
import { VerifyApiKeyDto } from '../api-keys/api-keys.dto';
import { ApiKeysService } from '../api-keys/api-keys.service';

/**
 * Gateway-only (not in the public route table): whom does a presented API key act as? 404 for an unknown, revoked
 * or expired key, or one whose creator left the account; 429 once the client address sent too many of those.
 */
@ApiExcludeController()
@Controller('internal/api-keys')
export class InternalApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Post('verify')
  @Access('internal')
  @HttpCode(200)
  verify(@Body() body: VerifyApiKeyDto): Promise<ApiKeyPrincipal> {
    return this.keys.verify(body.hash, body.clientIp);
  }
}
