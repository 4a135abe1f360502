import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, Matches } from 'class-validator';
import { CURRENCY_PATTERN } from '@infra/contracts';

/** `PUT data/financial`: either setting or both; anything else is ANALYTICS_FINANCIAL_SETTINGS_INVALID. */
export class FinancialSettingsChangeDto {
  @ApiPropertyOptional({ pattern: CURRENCY_PATTERN.source, description: 'An ISO 4217 code, e.g. USD.' })
  @IsOptional()
  @Matches(CURRENCY_PATTERN)
  currency?: string;

  @ApiPropertyOptional({ description: 'Assets without a cost are priced from the price list.' })
  @IsOptional()
  @IsBoolean()
  priceListFallback?: boolean;
}

/** The change as the route and the service take it (an interface: `validatedAs` checks it as the class). */
export type FinancialSettingsChange = Pick<FinancialSettingsChangeDto, 'currency' | 'priceListFallback'>;
