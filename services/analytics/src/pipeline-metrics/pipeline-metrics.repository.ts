import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { acrossTenants } from '@infra/platform';

/** Rows waiting for a stage of the roll-ups (see docs/runbook.md, "What do the analytics jobs do"). */
export interface RollupBacklog {
  stage: 'asset_days' | 'org_hours' | 'asset_periods';
  rows: number;
}

/** One organization's telemetry: how old its newest sample is, and its asset-days not yet rolled up. */
export interface OrganizationFreshness {
  organizationId: string;
  newestSampleAgeSeconds: number;
  pendingAssetDays: number;
}

/** What the pipeline metrics read at each scrape, over every organization (the 'pipeline-metrics' path). */
@Injectable()
export class PipelineMetricsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async rollupBacklog(): Promise<RollupBacklog[]> {
    return acrossTenants('pipeline-metrics', () =>
      this.dataSource.query<RollupBacklog[]>(
        `SELECT 'asset_days' AS stage, count(*)::int AS rows FROM rollup_pending
         UNION ALL SELECT 'org_hours', count(*)::int FROM org_hourly_pending
         UNION ALL SELECT 'asset_periods', count(*)::int FROM period_pending`,
      ),
    );
  }

  async freshnessByOrganization(): Promise<OrganizationFreshness[]> {
    return acrossTenants('pipeline-metrics', () =>
      this.dataSource.query<OrganizationFreshness[]>(
        `SELECT f.organization_id AS "organizationId",
                extract(epoch FROM now() - f.newest)::float8 AS "newestSampleAgeSeconds",
                coalesce(p.days, 0)::int AS "pendingAssetDays"
           FROM (SELECT organization_id, max(last_reported_at) AS newest FROM telemetry_freshness GROUP BY 1) f
           LEFT JOIN (SELECT organization_id, count(*) AS days FROM rollup_pending GROUP BY 1) p USING (organization_id)`,
      ),
    );
  }
}
