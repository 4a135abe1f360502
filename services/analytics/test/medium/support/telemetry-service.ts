import type { DataSource } from 'typeorm';
import { EventPublisher } from '@infra/messaging';
import type { AnalyticsScheduler } from '../../../src/rollups/analytics.jobs';
import { RollupsRepository } from '../../../src/rollups/rollups.repository';
import { TelemetryRepository } from '../../../src/telemetry/telemetry.repository';
import { TelemetryService } from '../../../src/telemetry/telemetry.service';

/**
 * The telemetry service on a scratch database. This tier has no Redis: its job triggers are not queued, and the days
 * each load added to the rollups itself (new hours) are recorded in `addedDays` (the marked ones are in rollup_pending).
 */
export function telemetryServiceOn(dataSource: DataSource): { service: TelemetryService; addedDays: string[][] } {
  const addedDays: string[][] = [];
  const scheduler = {
    rollUp: async () => undefined,
    daysRolledUp: async (_organizationId: string, days: string[]) => void addedDays.push(days),
  } as unknown as AnalyticsScheduler;
  const service = new TelemetryService(
    new TelemetryRepository(dataSource),
    new EventPublisher(),
    scheduler,
    new RollupsRepository(dataSource),
  );
  return { service, addedDays };
}
