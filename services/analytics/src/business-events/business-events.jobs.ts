import { Injectable, Logger } from '@nestjs/common';
import { JobProcessor } from '@infra/jobs';
import { type AnalyticsJobs, AnalyticsScheduler } from '../rollups/analytics.jobs';
import { BusinessEventsRepository } from './business-events.repository';

export interface BusinessEventJobs {
  /** Measures one event's impact and replaces its previous measurement. */
  'measure-business-event': { organizationId: string; businessEventId: string };
  /** Queues a measurement for every event due one whose trigger was lost (Redis down, worker killed). */
  'measure-business-events-sweep': Record<string, never>;
}

/** A due event younger than this still has its own trigger queued. */
const SWEEP_GRACE_MS = 30_000;
/** Events queued per sweep (the next sweep takes the rest). */
const SWEEP_LIMIT = 1000;

@Injectable()
export class MeasureBusinessEventJob extends JobProcessor<AnalyticsJobs, 'measure-business-event'> {
  readonly name = 'measure-business-event';
  private readonly logger = new Logger(MeasureBusinessEventJob.name);

  constructor(private readonly events: BusinessEventsRepository) {
    super();
  }

  async process({ organizationId, businessEventId }: AnalyticsJobs['measure-business-event']): Promise<void> {
    const started = Date.now();
    // Idempotent: a measurement replaces the last; an event deleted since it was queued is nothing to do.
    if (await this.events.measure(organizationId, businessEventId))
      this.logger.log(`measured business event ${businessEventId} in ${Date.now() - started} ms`);
  }
}

@Injectable()
export class MeasureBusinessEventsSweepJob extends JobProcessor<AnalyticsJobs, 'measure-business-events-sweep'> {
  readonly name = 'measure-business-events-sweep';

  constructor(
    private readonly events: BusinessEventsRepository,
    private readonly scheduler: AnalyticsScheduler,
  ) {
    super();
  }

  async process(): Promise<void> {
    for (const { organizationId, eventId } of await this.events.due(SWEEP_GRACE_MS, SWEEP_LIMIT))
      await this.scheduler.measureBusinessEvent(organizationId, eventId);
  }
}
