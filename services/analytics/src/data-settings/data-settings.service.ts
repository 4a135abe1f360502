import { Injectable } from '@nestjs/common';
import {
  ANALYTICS_LIMITS,
  PRICE_LIST,
  TELEMETRY_FIELDS,
  type FinancialSettingsDto,
  type TelemetrySettingsDto,
} from '@infra/contracts';
import type { Tenant } from '@infra/platform';
import { AnalyticsScheduler } from '../rollups/analytics.jobs';
import { RollupsRepository } from '../rollups/rollups.repository';
import type { FinancialSettingsChange } from './data-settings.dto';
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

  /** Turning the fallback on or off re-prices every asset-day of the organization (a rollup job). */
  async updateFinancial(tenant: Tenant, change: FinancialSettingsChange): Promise<FinancialSettingsDto> {
    const fallbackChanged = await this.settings.transaction(async (manager) => {
      await this.settings.lockFinancial(manager, tenant.organizationId);
      const current = await this.settings.financial(tenant.organizationId, manager);
      // Field by field: a validated change carries the settings it leaves alone as undefined properties.
      const next = {
        currency: change.currency ?? current.currency,
        priceListFallback: change.priceListFallback ?? current.priceListFallback,
      };
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
