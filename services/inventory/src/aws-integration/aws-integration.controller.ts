import { Body, Controller, Get, HttpCode, HttpStatus, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AwsIntegrationDto } from '@infra/contracts';
import { Access, Caller, CallerContext } from '@infra/platform';
import { AwsIntegrationRequestDto } from './aws-integration.dto';
import { AwsIntegrationService } from './aws-integration.service';

@ApiTags('Integrations')
@Controller('integrations/aws')
export class AwsIntegrationController {
  constructor(private readonly integrations: AwsIntegrationService) {}

  @Get()
  @ApiOperation({ summary: "The organization's AWS integration and the state of its last sync (404 when none)." })
  get(@Caller() caller: CallerContext): Promise<AwsIntegrationDto> {
    return this.integrations.get(caller);
  }

  @Put()
  @Access('organization-admin')
  @ApiOperation({
    summary: 'Store the cross-account role ARN, external id and regions (Admin); no AWS credentials are stored.',
  })
  save(@Caller() caller: CallerContext, @Body() body: AwsIntegrationRequestDto): Promise<AwsIntegrationDto> {
    return this.integrations.save(caller, body);
  }

  /** 202: the sync runs as a job; the answer shows it `queued`. */
  @Post('sync')
  @Access('organization-admin')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Queue an EC2 sync now (Admin); 409 while one is queued or running.' })
  sync(@Caller() caller: CallerContext): Promise<AwsIntegrationDto> {
    return this.integrations.requestSync(caller);
  }
}
