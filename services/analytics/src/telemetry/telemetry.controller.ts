import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { TelemetryIngestResponse } from '@infra/contracts';
import { Access, Caller, CallerContext, tenantOf } from '@infra/platform';
import { TelemetryService } from './telemetry.service';

@ApiTags('Telemetry')
@Controller('telemetry')
export class TelemetryController {
  constructor(private readonly telemetry: TelemetryService) {}

  // Validated by hand (telemetry-samples.ts): class-validator is too slow for 50,000 samples.
  @Post()
  @Access('organization-admin')
  @HttpCode(200)
  @ApiConsumes('application/json', 'text/csv')
  @ApiOperation({ summary: 'Hourly telemetry and cost samples, JSON or CSV, up to 50,000 per call (Admin).' })
  ingest(@Caller() caller: CallerContext, @Body() body: unknown): Promise<TelemetryIngestResponse> {
    const tenant = tenantOf(caller);
    // text/csv comes as its bytes (a Buffer), JSON as what the JSON parser made of it.
    return this.telemetry.ingest(tenant, Buffer.isBuffer(body) ? { kind: 'csv', text: body } : { kind: 'json', body });
  }
}
