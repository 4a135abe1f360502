import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PRICE_LIST, type TelemetrySourceFreshness } from '@infra/contracts';
import { DataSource, EntityManager } from 'typeorm';

export interface FinancialSettings {
  currency: string;
  priceListFallback: boolean;
}

/** The price list's currency, with the fallback on: what an organization has until an Admin changes it. */
export const DEFAULT_FINANCIAL_SETTINGS: FinancialSettings = { currency: PRICE_LIST.currency, priceListFallback: true };

/** Admin → Data: financial settings and freshness per source, each query filtered by the organization. */
@Injectable()
export class DataSettingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Serializes changes of one organization's financial settings until the transaction ends. */
  async lockFinancial(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('financial-settings'), hashtext($1))`, [organizationId]);
  }

  async financial(
    organizationId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FinancialSettings> {
    const rows = await manager.query<FinancialSettings[]>(
      `SELECT currency, price_list_fallback AS "priceListFallback" FROM financial_settings WHERE organization_id = $1`,
      [organizationId],
    );
    return rows[0] ?? DEFAULT_FINANCIAL_SETTINGS;
  }

  async saveFinancial(manager: EntityManager, organizationId: string, settings: FinancialSettings): Promise<void> {
    await manager.query(
      `INSERT INTO financial_settings (organization_id, currency, price_list_fallback) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id) DO UPDATE SET currency = EXCLUDED.currency,
         price_list_fallback = EXCLUDED.price_list_fallback, updated_at = now()`,
      [organizationId, settings.currency, settings.priceListFallback],
    );
  }

  /** Sets every asset's fallback price: its type's list price with the fallback on, none with it off. */
  async applyFallback(manager: EntityManager, organizationId: string, enabled: boolean): Promise<void> {
    const types = Object.entries(PRICE_LIST.instanceTypes);
    await manager.query(
      `UPDATE assets a SET cost_per_hour = CASE WHEN $2 THEN p.price END
         FROM (SELECT a2.id, l.price FROM assets a2
                 LEFT JOIN unnest($3::text[], $4::float8[]) AS l(type, price) ON l.type = a2.instance_type
                WHERE a2.organization_id = $1) p
        WHERE a.organization_id = $1 AND a.id = p.id`,
      [organizationId, enabled, types.map(([type]) => type), types.map(([, entry]) => entry.pricePerHour)],
    );
  }

  async assetCount(organizationId: string): Promise<number> {
    const [row] = await this.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM assets WHERE organization_id = $1`,
      [organizationId],
    );
    return row.count;
  }

  async sources(organizationId: string): Promise<TelemetrySourceFreshness[]> {
    const rows = await this.dataSource.query<
      { source: string; last: Date | null; reporting: number; silent: number }[]
    >(
      `SELECT source, max(last_reported_at) AS last,
              (count(*) FILTER (WHERE last_reported_at >= now() - interval '24 hours'))::int AS reporting,
              (count(*) FILTER (WHERE last_reported_at < now() - interval '24 hours'))::int AS silent
         FROM telemetry_source_freshness WHERE organization_id = $1 GROUP BY source ORDER BY source`,
      [organizationId],
    );
    return rows.map((row) => ({
      source: row.source,
      lastSampleAt: row.last ? row.last.toISOString() : null,
      assetsReporting: row.reporting,
      assetsSilent: row.silent,
    }));
  }
}
