import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
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
  // The owner's function (messaging migrations): a runtime role that owns no table may call it.
  const rows = (await dataSource.query(`SELECT analyze_stale_tables($1) AS name`, [Number(changedFraction)])) as {
    name: string;
  }[];
  return rows.map((row) => row.name);
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
  // Only the tables this role may vacuum (VACUUM cannot run in a function as the owner): PostgreSQL skips the others
  // with a warning, and the log would lie.
  const tables = (await dataSource.query(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE pg_has_role(c.relowner, 'USAGE') AND n_dead_tup > 50 + 0.2 * greatest(n_live_tup, 0)`,
  )) as { name: string }[];
  for (const { name } of tables) await dataSource.query(`VACUUM ${name}`);
  return tables.map(({ name }) => name);
}

/**
 * The connection options of the tables' owner, where the service serves as a runtime role that owns nothing (its
 * row-level security): only an owner may VACUUM a table. Null: the service's own connection is the owner, or none is
 * given (Docker and Kubernetes, where autovacuum runs).
 */
export const TABLE_OWNER_OPTIONS = 'messaging:table-owner-options';

/**
 * Table maintenance as the tables' owner: the service's own DataSource when it owns them, else one connection as the
 * owner (a walled service's runtime role owns nothing, and only an owner may VACUUM a table).
 */
@Injectable()
export class TableOwner implements OnModuleDestroy {
  private owner?: Promise<DataSource>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(TABLE_OWNER_OPTIONS) private readonly ownerOptions: DataSourceOptions | null,
  ) {}

  async run<T>(work: (owner: DataSource) => Promise<T>): Promise<T> {
    if (!this.ownerOptions) return work(this.dataSource);
    // One connection at most, closed when idle between the minute's runs.
    this.owner ??= new DataSource({
      ...this.ownerOptions,
      extra: { ...this.ownerOptions.extra, max: 1, idleTimeoutMillis: 10_000 },
    } as DataSourceOptions)
      .initialize()
      .catch((error: unknown) => {
        this.owner = undefined;
        throw error;
      });
    return work(await this.owner);
  }

  async onModuleDestroy(): Promise<void> {
    const owner = await this.owner?.catch(() => undefined);
    if (owner?.isInitialized) await owner.destroy();
  }
}

@Injectable()
export class RefreshStatisticsJob extends JobProcessor<MessagingJobs, 'refresh-statistics'> {
  readonly name = 'refresh-statistics';
  private readonly logger = new Logger(RefreshStatisticsJob.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly tableOwner: TableOwner,
  ) {
    super();
  }

  async process(): Promise<void> {
    const vacuumed = await this.tableOwner.run(vacuumDeadRows);
    if (vacuumed.length > 0) this.logger.log(`vacuumed ${vacuumed.join(', ')}`);
    const analyzed = await refreshStaleStatistics(this.dataSource);
    if (analyzed.length > 0) this.logger.log(`refreshed planner statistics of ${analyzed.join(', ')}`);
  }
}
