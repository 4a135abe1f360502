import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobProcessor } from '@infra/jobs';
import type { MessagingJobs } from './inbox-retention';

/** How often each service looks for tables whose planner statistics are stale. */
export const REFRESH_STATISTICS_EVERY_MS = 60_000;

/**
 * Analyzes the service's tables that changed by more than autovacuum's default threshold (50 rows + 10%) since
 * their last analyze. Autovacuum does this where it runs; where it is off (this repository's development machines)
 * a 100,000-asset import left the planner scanning whole tables instead of using the filter indexes.
 * Returns the tables analyzed.
 */
export async function refreshStaleStatistics(dataSource: DataSource): Promise<string[]> {
  const stale = (await dataSource.query(
    `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
      WHERE n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)`,
  )) as { name: string }[];
  for (const { name } of stale) await dataSource.query(`ANALYZE ${name}`);
  return stale.map(({ name }) => name);
}

@Injectable()
export class RefreshStatisticsJob extends JobProcessor<MessagingJobs, 'refresh-statistics'> {
  readonly name = 'refresh-statistics';
  private readonly logger = new Logger(RefreshStatisticsJob.name);

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async process(): Promise<void> {
    const analyzed = await refreshStaleStatistics(this.dataSource);
    if (analyzed.length > 0) this.logger.log(`refreshed planner statistics of ${analyzed.join(', ')}`);
  }
}
