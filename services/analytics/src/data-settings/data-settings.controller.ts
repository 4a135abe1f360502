import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AnalyticsErrorCode, type FinancialSettingsDto, type TelemetrySettingsDto } from '@infra/contracts';
import { Access, Caller, CallerContext, tenantOf, validatedAs } from '@infra/platform';
import { analyticsError } from '../analytics.errors';
import { type FinancialSettingsChange, FinancialSettingsChangeDto } from './data-settings.dto';
import { DataSettingsService } from './data-settings.service';

const financialChange = validatedAs(FinancialSettingsChangeDto, () =>
  analyticsError(AnalyticsErrorCode.FinancialSettingsInvalid),
);

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
  @Access('organization-admin')
  @ApiOperation({ summary: 'Changes the currency or the price-list fallback (Admin).' })
  @ApiBody({ type: FinancialSettingsChangeDto })
  updateFinancial(
    @Caller() caller: CallerContext,
    // An interface type: the route's pipe answers the settings' own 400, not the global pipe's.
    @Body(financialChange) body: FinancialSettingsChange,
  ): Promise<FinancialSettingsDto> {
    return this.settings.updateFinancial(tenantOf(caller), body);
  }
}
