import { ServiceDefinition } from '@infra/messaging';
import { AnalyticsErrorCode, ANALYTICS_LIMITS, SUBSCRIPTIONS, TOPICS } from '@infra/contracts';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';
import { AnalyticsAssets1766000000000 } from './database/migrations/1766000000000-analytics-assets';
import { TelemetrySamples1766100000000 } from './database/migrations/1766100000000-telemetry-samples';
import { AnalyticsRollups1766200000000 } from './database/migrations/1766200000000-analytics-rollups';
import { DataSettings1766300000000 } from './database/migrations/1766300000000-data-settings';
import { AssetPeriods1766400000000 } from './database/migrations/1766400000000-asset-periods';
import { BusinessEvents1766500000000 } from './database/migrations/1766500000000-business-events';
import { OrgHourlyDeltas1766600000000 } from './database/migrations/1766600000000-org-hourly-deltas';
import { ClosedPeriodRatings1766700000000 } from './database/migrations/1766700000000-closed-period-ratings';
import { OrgDailyDeltas1766800000000 } from './database/migrations/1766800000000-org-daily-deltas';
import { PeriodUnitCosts1766900000000 } from './database/migrations/1766900000000-period-unit-costs';
import { CostPrecisionReroll1767000000000 } from './database/migrations/1767000000000-cost-precision-reroll';
import { TenantWall1767100000000 } from './database/migrations/1767100000000-tenant-wall';
import { AssetCopyOrder1767500000000 } from './database/migrations/1767500000000-asset-copy-order';
import { analyticsError } from './analytics.errors';

/** Analytics' migrations, in order. */
export const ANALYTICS_MIGRATIONS = [
  AnalyticsAssets1766000000000,
  TelemetrySamples1766100000000,
  AnalyticsRollups1766200000000,
  DataSettings1766300000000,
  AssetPeriods1766400000000,
  BusinessEvents1766500000000,
  OrgHourlyDeltas1766600000000,
  ClosedPeriodRatings1766700000000,
  OrgDailyDeltas1766800000000,
  PeriodUnitCosts1766900000000,
  CostPrecisionReroll1767000000000,
  TenantWall1767100000000,
  AssetCopyOrder1767500000000,
];

/** The analytics service: config from the environment, its tables, migrations and topics. */
export function analyticsService(env = loadServiceEnv('analytics', ServiceEnv)): ServiceDefinition {
  return {
    name: 'analytics',
    env,
    refusals: { organizationAdmin: () => analyticsError(AnalyticsErrorCode.AdminOnly) },
    // Every table is SQL in its feature's repository (COPY loads, partitions).
    entities: [],
    migrations: ANALYTICS_MIGRATIONS,
    consumesEvents: true,
    publishes: [TOPICS.analyticsRatingsRecomputed, TOPICS.analyticsTelemetryFreshness],
    consumes: SUBSCRIPTIONS.analytics,
    // `POST telemetry` takes 50,000 samples, JSON or CSV: the gateway's route takes the same limit.
    bodyLimit: `${ANALYTICS_LIMITS.telemetryBodyMaxBytes}b`,
    textBodyLimit: `${ANALYTICS_LIMITS.telemetryBodyMaxBytes}b`,
    // CSV as bytes, decoded by the CSV parser a slice at a time: decoded whole, 8 MiB of text was one step of the loop.
    textAsBytes: true,
  };
}
