import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FinancialSettingsDto, TelemetrySettingsDto } from '@infra/contracts';
import { Caller, CallerContext, tenantOf } from '@infra/platform';
import { DataSettingsService } from './data-settings.service';

/** Admin → Data → Telemetry and Financial. */
@ApiTags('Data settings')
@Controller('data')
export class DataSettingsController {
  constructor(private readonly settings: DataSettingsService) {}

  @Get('telemetry')
  @ApiOperation({ summary: 'How to send telemetry, and its freshness per source.' })
  telemetry(@Caller() caller: CallerContext): Promise<TelemetrySettingsDto> {
    return this.settings.telemetry(tenantOf(caller));
  }

  @Get('financial')
  @ApiOperation({ summary: "The organization's currency, price-list fallback and the price list." })
  financial(@Caller() caller: CallerContext): Promise<FinancialSettingsDto> {
    return this.settings.financial(tenantOf(caller));
  }

  @Put('financial')
  @ApiOperation({ summary: 'Changes the currency or the price-list fallback (Admin).' })
  updateFinancial(@Caller() caller: CallerContext, @Body() body: unknown): Promise<FinancialSettingsDto> {
    return this.settings.updateFinancial(tenantOf(caller), body);
  }
}
