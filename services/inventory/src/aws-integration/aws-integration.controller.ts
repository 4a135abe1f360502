import { Body, Controller, Get, HttpCode, HttpStatus, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AwsIntegrationDto } from '@infra/contracts';
import { Caller, CallerContext } from '@infra/platform';
import { AwsIntegrationRequestDto } from './aws-integration.dto';
import { AwsIntegrationService } from './aws-integration.service';

@ApiTags('Integrations')
@Controller('integrations/aws')
export class AwsIntegrationController {
  constructor(private readonly integrations: AwsIntegrationService) {}

  @Get()
  get(@Caller() caller: CallerContext): Promise<AwsIntegrationDto> {
    return this.integrations.get(caller);
  }

  @Put()
  save(@Caller() caller: CallerContext, @Body() body: AwsIntegrationRequestDto): Promise<AwsIntegrationDto> {
    return this.integrations.save(caller, body);
  }

  /** 202: the sync runs as a job; the answer shows it `queued`. */
  @Post('sync')
  @HttpCode(HttpStatus.ACCEPTED)
  sync(@Caller() caller: CallerContext): Promise<AwsIntegrationDto> {
    return this.integrations.requestSync(caller);
  }
}
