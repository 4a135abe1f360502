import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { JobProcessor } from '@infra/jobs';
import type { MessagingJobs } from './inbox-retention';

/** How often each service looks for tables whose planner statistics are stale. */
export const REFRESH_STATISTICS_EVERY_MS = 60_000;

/**
 * Analyzes the service's tables that changed by more than autovacuum's default threshold (50 rows + 10%) since
 * their last analyze. Autovacuum does this where it runs; where it is off (this repository's development machines)
 * a 100,000-asset import left the planner scanning whole tables instead of using the filter indexes.
 * `changedFraction` raises the 10% for callers that run far more often than once a minute (0.5: a table that grew
 * to twice its analyzed size), so that a growing table is analyzed a few times, not at every tenth.
 * Returns the tables analyzed.
 */
export async function refreshStaleStatistics(
  dataSource: DataSource,
  { changedFraction = 0.1 }: { changedFraction?: number } = {},
): Promise<string[]> {
  return maintainTablesWhere(
    dataSource,
    `n_mod_since_analyze > 50 + ${Number(changedFraction)} * greatest(n_live_tup, 0)`,
    'ANALYZE',
  );
}

/** Runs `command` on each of the service's tables whose activity counters meet `condition`; returns their names. */
async function maintainTablesWhere(
  dataSource: DataSource,
  condition: string,
  command: 'ANALYZE' | 'VACUUM',
): Promise<string[]> {
  // Only the tables this role may maintain: PostgreSQL skips the others with a warning, and the log would lie.
  const tables = (await dataSource.query(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE pg_has_role(c.relowner, 'USAGE') AND ${condition}`,
  )) as { name: string }[];
  for (const { name } of tables) await dataSource.query(`${command} ${name}`);
  return tables.map(({ name }) => name);
}

/**
 * Vacuums the service's tables with more dead rows than autovacuum's default threshold (50 rows + 20%), where
 * autovacuum is off (this repository's development and CI machines). The work queues (pending rollups, periods, the
 * outbox) delete every row they take: without it 2,000 live pending rows sat among 4.4 million dead ones (377 MB),
 * and every telemetry load and rollup paid for scanning them. Returns the tables vacuumed.
 */
export async function vacuumDeadRows(dataSource: DataSource): Promise<string[]> {
  const [{ autovacuum }] = (await dataSource.query(`SELECT current_setting('autovacuum') AS autovacuum`)) as {
    autovacuum: string;
  }[];
  if (autovacuum === 'on') return [];
  return maintainTablesWhere(dataSource, 'n_dead_tup > 50 + 0.2 * greatest(n_live_tup, 0)', 'VACUUM');
}

/**
 * The connection options of the tables' owner, where the service serves as a runtime role that owns nothing (its
 * row-level security): only an owner may ANALYZE or VACUUM a table. Null: the service's own connection is the owner.
 */
export const TABLE_OWNER_OPTIONS = 'messaging:table-owner-options';

@Injectable()
export class RefreshStatisticsJob extends JobProcessor<MessagingJobs, 'refresh-statistics'> {
  readonly name = 'refresh-statistics';
  private readonly logger = new Logger(RefreshStatisticsJob.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(TABLE_OWNER_OPTIONS) private readonly tableOwner: DataSourceOptions | null,
  ) {
    super();
  }

  async process(): Promise<void> {
    if (!this.tableOwner) return this.maintain(this.dataSource);
    // One short connection a minute as the owner, rather than an idle pool for the service's whole life.
    const owner = await new DataSource({
      ...this.tableOwner,
      extra: { ...this.tableOwner.extra, max: 1 },
    } as DataSourceOptions).initialize();
    try {
      await this.maintain(owner);
    } finally {
      await owner.destroy();
    }
  }

  private async maintain(dataSource: DataSource): Promise<void> {
    const vacuumed = await vacuumDeadRows(dataSource);
    if (vacuumed.length > 0) this.logger.log(`vacuumed ${vacuumed.join(', ')}`);
    const analyzed = await refreshStaleStatistics(dataSource);
    if (analyzed.length > 0) this.logger.log(`refreshed planner statistics of ${analyzed.join(', ')}`);
  }
}
