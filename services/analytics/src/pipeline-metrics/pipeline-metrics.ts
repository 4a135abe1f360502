import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { metricsRegistry, withTimeout } from '@infra/platform';
import { type OrganizationFreshness, PipelineMetricsRepository } from './pipeline-metrics.repository';

/** A scrape waits this long for the database; past it the series are absent from that scrape rather than stale. */
const READ_TIMEOUT_MS = 2000;
/** The gauges of one scrape (collected together) share one read. */
const READ_REUSE_MS = 1000;

/**
 * The health of telemetry-derived figures, read from PostgreSQL at each scrape: how many rows wait for each roll-up
 * stage, and per organization how old its newest sample is and how many of its asset-days wait. A tenant whose
 * samples stopped coming shows an age that grows; one whose figures lag shows pending days that stay (docs/slo.md,
 * "Telemetry freshness"). Every analytics process reports the same numbers: take the max across processes.
 */
@Injectable()
export class PipelineMetrics implements OnModuleInit, OnModuleDestroy {
  private readonly names = [
    'analytics_rollup_backlog',
    'analytics_telemetry_age_seconds',
    'analytics_rollup_pending_asset_days',
  ] as const;
  private freshness: { at: number; rows: Promise<OrganizationFreshness[]> } | undefined;

  constructor(private readonly repository: PipelineMetricsRepository) {}

  onModuleInit(): void {
    const { repository } = this;
    const fillByOrganization = async (gauge: Gauge, value: (row: OrganizationFreshness) => number) => {
      gauge.reset();
      for (const row of await readFreshness()) gauge.set({ organization_id: row.organizationId }, value(row));
    };
    const readFreshness = () => {
      if (!this.freshness || Date.now() - this.freshness.at > READ_REUSE_MS)
        this.freshness = {
          at: Date.now(),
          rows: withTimeout(repository.freshnessByOrganization(), READ_TIMEOUT_MS, 'timed out').catch(() => []),
        };
      return this.freshness.rows;
    };
    const [backlogName, ageName, pendingName] = this.names;
    new Gauge({
      name: backlogName,
      help: 'Rows waiting for a roll-up stage: asset_days, org_hours, asset_periods',
      labelNames: ['stage'],
      registers: [metricsRegistry],
      async collect() {
        this.reset();
        const stages = await withTimeout(repository.rollupBacklog(), READ_TIMEOUT_MS, 'timed out').catch(() => []);
        for (const { stage, rows } of stages) this.set({ stage }, rows);
      },
    });
    const age: Gauge = new Gauge({
      name: ageName,
      help: "Age of an organization's newest telemetry sample (the start of its hour), by organization",
      labelNames: ['organization_id'],
      registers: [metricsRegistry],
      collect: () => fillByOrganization(age, (row) => row.newestSampleAgeSeconds),
    });
    const pending: Gauge = new Gauge({
      name: pendingName,
      help: "An organization's asset-days whose samples are not yet in its figures, by organization",
      labelNames: ['organization_id'],
      registers: [metricsRegistry],
      collect: () => fillByOrganization(pending, (row) => row.pendingAssetDays),
    });
  }

  onModuleDestroy(): void {
    for (const name of this.names) metricsRegistry.removeSingleMetric(name);
  }
}
