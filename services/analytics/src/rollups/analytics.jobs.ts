import { Injectable, Logger } from '@nestjs/common';
import { InjectJobQueue, JobProcessor, JobQueue } from '@infra/jobs';
import { TOPICS } from '@infra/contracts';
import { EventPublisher, refreshStaleStatistics } from '@infra/messaging';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AnalysesService } from '../analyses/analyses.service';
import { resolveHorizon } from '../analyses/horizon';
import type { BusinessEventJobs } from '../business-events/business-events.jobs';
import { BusinessEventsRepository } from '../business-events/business-events.repository';
import { ReadModelsRepository } from '../read-models/read-models.repository';
import { PeriodsRepository } from './periods.repository';
import { RollupsRepository } from './rollups.repository';

export const ANALYTICS_QUEUE = 'analytics';

/** The queue's jobs (the business events' measurement jobs are declared beside them, in their feature). */
export interface AnalyticsJobs extends BusinessEventJobs {
  /** Drains the organization's pending asset-days into the asset rollups, then queues the next two. */
  'roll-up': { organizationId: string };
  /** Redoes the organization's hourly totals marked for a recompute, then its assets' pending period sums. */
  'roll-up-organization': { organizationId: string };
  /** Redoes the period sums of every organization whose windows moved (the hour or the day changed). */
  'refresh-periods-sweep': Record<string, never>;
  /** Recomputes the organization's asset ratings (default horizon) and publishes them. */
  'recompute-ratings': { organizationId: string };
  /** Queues a rollup for every organization with pending days (a trigger lost with Redis or a worker). */
  'roll-up-sweep': Record<string, never>;
}

/**
 * Debounce windows: every trigger inside one window shares one job, which runs when the window ends (BullMQ's
 * deduplication by key; the delay equals the window, so the job runs after every trigger it absorbed). The period
 * sums read every asset rolled up: redone less often than the asset rollups during a backfill.
 */
const ROLLUP_WINDOW_MS = 1000;
const ORGANIZATION_ROLLUP_WINDOW_MS = 2000;
/**
 * Ratings are read by inventory's lists (`includeRatingData`), not by the analyses (they rate when read): every 10 s
 * is fresh enough, and a backfill of 10,000 assets no longer rates and publishes them all every two seconds.
 */
const RATINGS_WINDOW_MS = 10_000;
/** Short: a new event's impact is readable within two seconds of its creation. */
const MEASURE_WINDOW_MS = 500;
/** Ratings are published in chunks well inside the topic schema's limit. */
const RATINGS_CHUNK = 5000;

const debounced = (key: string, windowMs: number) => ({ debounce: { key, ms: windowMs }, delay: windowMs });

/** Queues the debounced jobs: one rollup per organization per second, one ratings run per ten seconds. */
@Injectable()
export class AnalyticsScheduler {
  constructor(@InjectJobQueue(ANALYTICS_QUEUE) private readonly jobs: JobQueue<AnalyticsJobs>) {}

  async rollUp(organizationId: string): Promise<void> {
    await this.jobs.add('roll-up', { organizationId }, debounced(`roll-up-${organizationId}`, ROLLUP_WINDOW_MS));
  }

  async rollUpOrganization(organizationId: string): Promise<void> {
    await this.jobs.add(
      'roll-up-organization',
      { organizationId },
      debounced(`roll-up-organization-${organizationId}`, ORGANIZATION_ROLLUP_WINDOW_MS),
    );
  }

  async recomputeRatings(organizationId: string): Promise<void> {
    await this.jobs.add(
      'recompute-ratings',
      { organizationId },
      debounced(`recompute-ratings-${organizationId}`, RATINGS_WINDOW_MS),
    );
  }

  async measureBusinessEvent(organizationId: string, businessEventId: string): Promise<void> {
    await this.jobs.add(
      'measure-business-event',
      { organizationId, businessEventId },
      debounced(`measure-business-event-${businessEventId}`, MEASURE_WINDOW_MS),
    );
  }
}

@Injectable()
export class RollUpJob extends JobProcessor<AnalyticsJobs, 'roll-up'> {
  readonly name = 'roll-up';
  private readonly logger = new Logger(RollUpJob.name);

  constructor(
    private readonly rollups: RollupsRepository,
    private readonly businessEvents: BusinessEventsRepository,
    private readonly scheduler: AnalyticsScheduler,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    super();
  }

  async process({ organizationId }: AnalyticsJobs['roll-up']): Promise<void> {
    const started = Date.now();
    const days = await this.rollups.drainDays(organizationId);
    if (days.length === 0) return;
    this.logger.log(
      `rolled up asset-days of ${days.length} day(s) of organization ${organizationId} in ${Date.now() - started} ms`,
    );
    // A new tenant's first load leaves the statistics saying it has no rows: the period sums and ratings queued next
    // were planned as scans per asset and ran for minutes. Refresh them first (a look at pg_stat_user_tables), not on
    // the minute's schedule; but only tables that doubled since their last ANALYZE: at the minute's 10% a month of
    // samples growing by a call a second was analyzed every few seconds, 0.4 s each, through a whole backfill.
    const analyzed = await refreshStaleStatistics(this.dataSource, { changedFraction: 0.5 });
    if (analyzed.length > 0) this.logger.log(`refreshed planner statistics of ${analyzed.join(', ')}`);
    await this.scheduler.rollUpOrganization(organizationId);
    await this.scheduler.recomputeRatings(organizationId);
    // The business events whose window or baseline the rolled days touch are measured again.
    for (const businessEventId of await this.businessEvents.requestForDays(organizationId, days))
      await this.scheduler.measureBusinessEvent(organizationId, businessEventId);
  }
}

@Injectable()
export class RollUpOrganizationJob extends JobProcessor<AnalyticsJobs, 'roll-up-organization'> {
  readonly name = 'roll-up-organization';
  private readonly logger = new Logger(RollUpOrganizationJob.name);

  constructor(
    private readonly rollups: RollupsRepository,
    private readonly periods: PeriodsRepository,
  ) {
    super();
  }

  async process({ organizationId }: AnalyticsJobs['roll-up-organization']): Promise<void> {
    let started = Date.now();
    const hourlyDays = await this.rollups.recomputeOrgHourly(organizationId);
    if (hourlyDays > 0)
      this.logger.log(`hourly totals of ${hourlyDays} day(s) of ${organizationId} in ${Date.now() - started} ms`);
    started = Date.now();
    const assetPeriods = await this.periods.refresh(organizationId);
    if (assetPeriods > 0)
      this.logger.log(
        `period sums of ${assetPeriods} asset-period(s) of ${organizationId} in ${Date.now() - started} ms`,
      );
  }
}

@Injectable()
export class RefreshPeriodsSweepJob extends JobProcessor<AnalyticsJobs, 'refresh-periods-sweep'> {
  readonly name = 'refresh-periods-sweep';

  constructor(
    private readonly periods: PeriodsRepository,
    private readonly scheduler: AnalyticsScheduler,
  ) {
    super();
  }

  async process(): Promise<void> {
    for (const organizationId of await this.periods.organizations())
      await this.scheduler.rollUpOrganization(organizationId);
  }
}

@Injectable()
export class RollUpSweepJob extends JobProcessor<AnalyticsJobs, 'roll-up-sweep'> {
  readonly name = 'roll-up-sweep';

  constructor(
    private readonly rollups: RollupsRepository,
    private readonly scheduler: AnalyticsScheduler,
  ) {
    super();
  }

  async process(): Promise<void> {
    for (const organizationId of await this.rollups.organizationsPending()) {
      await this.scheduler.rollUp(organizationId);
      await this.scheduler.rollUpOrganization(organizationId);
    }
  }
}

/** Ratings of the default horizon (30 days) for inventory's `includeRatingData`, published in one transaction. */
@Injectable()
export class RecomputeRatingsJob extends JobProcessor<AnalyticsJobs, 'recompute-ratings'> {
  readonly name = 'recompute-ratings';
  private readonly logger = new Logger(RecomputeRatingsJob.name);

  constructor(
    private readonly analyses: AnalysesService,
    private readonly events: EventPublisher,
    private readonly readModels: ReadModelsRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    super();
  }

  async process({ organizationId }: AnalyticsJobs['recompute-ratings']): Promise<void> {
    const started = Date.now();
    const computedAt = new Date().toISOString();
    const rated = await this.analyses.ratingsOfOrganization(organizationId, resolveHorizon('30d', Date.now()));
    await this.dataSource.transaction(async (manager) => {
      const accountId = await this.readModels.accountOf(manager, organizationId);
      for (let start = 0; start < rated.length; start += RATINGS_CHUNK)
        await this.events.publish(manager, TOPICS.analyticsRatingsRecomputed, {
          accountId,
          organizationId,
          actorId: null,
          payload: { ratings: rated.slice(start, start + RATINGS_CHUNK), computedAt },
        });
    });
    this.logger.log(`rated ${rated.length} asset(s) of organization ${organizationId} in ${Date.now() - started} ms`);
  }
}
