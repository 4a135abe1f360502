import { Injectable } from '@nestjs/common';
import {
  ANALYTICS_LIMITS,
  AnalyticsErrorCode,
  CURRENCY_PATTERN,
  PRICE_LIST,
  TELEMETRY_FIELDS,
  type FinancialSettingsDto,
  type TelemetrySettingsDto,
} from '@infra/contracts';
import type { Tenant } from '@infra/platform';
import { analyticsError } from '../analytics.errors';
import { AnalyticsScheduler } from '../rollups/analytics.jobs';
import { RollupsRepository } from '../rollups/rollups.repository';
import { DataSettingsRepository } from './data-settings.repository';

@Injectable()
export class DataSettingsService {
  constructor(
    private readonly settings: DataSettingsRepository,
    private readonly rollups: RollupsRepository,
    private readonly scheduler: AnalyticsScheduler,
  ) {}

  async financial(tenant: Tenant): Promise<FinancialSettingsDto> {
    return { ...(await this.settings.financial(tenant.organizationId)), priceList: PRICE_LIST };
  }

  /** Admin only. Turning the fallback on or off re-prices every asset-day of the organization (a rollup job). */
  async updateFinancial(tenant: Tenant, body: unknown): Promise<FinancialSettingsDto> {
    if (tenant.role === 'User') throw analyticsError(AnalyticsErrorCode.AdminOnly);
    const change = parseFinancial(body);
    const fallbackChanged = await this.settings.transaction(async (manager) => {
      await this.settings.lockFinancial(manager, tenant.organizationId);
      const current = await this.settings.financial(tenant.organizationId, manager);
      const next = { ...current, ...change };
      await this.settings.saveFinancial(manager, tenant.organizationId, next);
      if (next.priceListFallback === current.priceListFallback) return false;
      await this.settings.applyFallback(manager, tenant.organizationId, next.priceListFallback);
      await this.rollups.markAll(manager, tenant.organizationId);
      return true;
    });
    if (fallbackChanged) await this.scheduler.rollUp(tenant.organizationId);
    return this.financial(tenant);
  }

  async telemetry(tenant: Tenant): Promise<TelemetrySettingsDto> {
    const [assets, sources] = await Promise.all([
      this.settings.assetCount(tenant.organizationId),
      this.settings.sources(tenant.organizationId),
    ]);
    return {
      assets,
      sources,
      ingest: {
        path: '/api/v1/telemetry',
        maxSamplesPerCall: ANALYTICS_LIMITS.telemetrySamplesMax,
        maxBodyBytes: ANALYTICS_LIMITS.telemetryBodyMaxBytes,
        fields: TELEMETRY_FIELDS,
      },
    };
  }
}

/** `{ currency?, priceListFallback? }`, nothing else (hand-checked: two fields). */
function parseFinancial(body: unknown): Partial<{ currency: string; priceListFallback: boolean }> {
  const invalid = () => analyticsError(AnalyticsErrorCode.FinancialSettingsInvalid);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid();
  const { currency, priceListFallback, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw invalid();
  if (currency !== undefined && (typeof currency !== 'string' || !CURRENCY_PATTERN.test(currency))) throw invalid();
  if (priceListFallback !== undefined && typeof priceListFallback !== 'boolean') throw invalid();
  return {
    ...(currency !== undefined ? { currency: currency as string } : {}),
    ...(priceListFallback !== undefined ? { priceListFallback: priceListFallback as boolean } : {}),
  };
}
