import { Injectable, Logger } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';
import { Type } from 'class-transformer';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { JobProcessor, JobsModule } from '@infra/jobs';
import { loadConfig } from '@infra/platform';
import { REFRESH_STATISTICS_EVERY_MS, RefreshStatisticsJob, TABLE_OWNER_OPTIONS, TableOwner } from './table-statistics';

/** Jobs of the messaging foundation, one queue per service (`<service>-messaging`). */
export interface MessagingJobs {
  'prune-inbox': { retentionDays: number };
  'refresh-statistics': Record<string, never>;
}

export class InboxRetentionEnv {
  /** Inbox rows (processed event ids) older than this are deleted; redeliveries come within minutes, not days. */
  @IsInt()
  @Min(1)
  @Max(3650)
  @Type(() => Number)
  INBOX_RETENTION_DAYS: number = 7;
}

const BATCH = 10_000;

/** Deletes processed event ids older than the retention window, in batches so no lock is held for long. */
export async function pruneInbox(dataSource: DataSource, retentionDays: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = (await dataSource.query(
      `DELETE FROM inbox WHERE ctid IN (
         SELECT ctid FROM inbox WHERE processed_at < now() - make_interval(days => $1) LIMIT $2)`,
      [retentionDays, BATCH],
    )) as [unknown[], number];
    total += deleted[1];
    if (deleted[1] < BATCH) return total;
  }
}

@Injectable()
export class PruneInboxJob extends JobProcessor<MessagingJobs, 'prune-inbox'> {
  readonly name = 'prune-inbox';
  private readonly logger = new Logger(PruneInboxJob.name);

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async process({ retentionDays }: MessagingJobs['prune-inbox']): Promise<void> {
    const deleted = await pruneInbox(this.dataSource, retentionDays);
    if (deleted > 0) this.logger.log(`pruned ${deleted} inbox rows older than ${retentionDays} days`);
  }
}

export const INBOX_PRUNE_EVERY_MS = 3_600_000;

/**
 * The messaging foundation's queue (only where workers run): prunes the inbox every hour and refreshes stale
 * planner statistics every minute.
 */
export function messagingJobs(
  service: string,
  {
    retentionDays = loadConfig(InboxRetentionEnv).INBOX_RETENTION_DAYS,
    everyMs = INBOX_PRUNE_EVERY_MS,
    tableOwner = null,
  }: { retentionDays?: number; everyMs?: number; tableOwner?: DataSourceOptions | null } = {},
) {
  return JobsModule.register<MessagingJobs>({
    queue: `${service}-messaging`,
    providers: [{ provide: TABLE_OWNER_OPTIONS, useValue: tableOwner }, TableOwner],
    processors: [PruneInboxJob, RefreshStatisticsJob],
    schedules: [
      { name: 'prune-inbox', every: everyMs, payload: { retentionDays } },
      { name: 'refresh-statistics', every: REFRESH_STATISTICS_EVERY_MS, payload: {} },
    ],
  });
}
