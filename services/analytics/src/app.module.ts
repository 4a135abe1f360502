import { DynamicModule, Module } from '@nestjs/common';
import { JobsModule } from '@infra/jobs';
import { ReadModelLag, ServiceDefinition, serviceFoundation } from '@infra/messaging';
import { AnalysesController } from './analyses/analyses.controller';
import { AnalysesRepository } from './analyses/analyses.repository';
import { AnalysesService } from './analyses/analyses.service';
import { BusinessEventImpactController } from './business-events/business-event-impact.controller';
import { BusinessEventImpactService } from './business-events/business-event-impact.service';
import { BusinessEventsConsumer } from './business-events/business-events.consumer';
import { MeasureBusinessEventJob, MeasureBusinessEventsSweepJob } from './business-events/business-events.jobs';
import { BusinessEventsRepository } from './business-events/business-events.repository';
import { DataSettingsController } from './data-settings/data-settings.controller';
import { DataSettingsRepository } from './data-settings/data-settings.repository';
import { DataSettingsService } from './data-settings/data-settings.service';
import { ReadModelsConsumer } from './read-models/read-models.consumer';
import { PipelineMetrics } from './pipeline-metrics/pipeline-metrics';
import { PipelineMetricsRepository } from './pipeline-metrics/pipeline-metrics.repository';
import { ReadModelsRepository } from './read-models/read-models.repository';
import {
  ANALYTICS_QUEUE,
  AnalyticsJobs,
  AnalyticsScheduler,
  RecomputeRatingsJob,
  RollUpJob,
  RollUpOrganizationJob,
  RollUpSweepJob,
  RefreshPeriodsSweepJob,
} from './rollups/analytics.jobs';
import { OrgHourlyRepository } from './rollups/org-hourly.repository';
import { PeriodsRepository } from './rollups/periods.repository';
import { RollupsRepository } from './rollups/rollups.repository';
import { CollectedTelemetryConsumer } from './telemetry/collected-telemetry.consumer';
import { TelemetryController } from './telemetry/telemetry.controller';
import { TelemetryRepository } from './telemetry/telemetry.repository';
import { TelemetryService } from './telemetry/telemetry.service';

/** A minute: how late a rollup can be when its trigger was lost (Redis down, worker killed). */
const SWEEP_EVERY_MS = 60_000;

@Module({})
export class AppModule {
  static register(definition: ServiceDefinition): DynamicModule {
    const analysisProviders = [
      AnalysesRepository,
      AnalysesService,
      RollupsRepository,
      OrgHourlyRepository,
      PeriodsRepository,
      BusinessEventsRepository,
    ];
    return {
      module: AppModule,
      imports: [
        ...serviceFoundation(definition),
        JobsModule.register<AnalyticsJobs>({
          queue: ANALYTICS_QUEUE,
          processors: [
            RollUpJob,
            RollUpOrganizationJob,
            RollUpSweepJob,
            RefreshPeriodsSweepJob,
            RecomputeRatingsJob,
            MeasureBusinessEventJob,
            MeasureBusinessEventsSweepJob,
          ],
          schedules: [
            { name: 'roll-up-sweep', payload: {}, every: SWEEP_EVERY_MS },
            // Windows move on the hour: the sums of the new windows are ready within a minute of it.
            { name: 'refresh-periods-sweep', payload: {}, pattern: '0 * * * * *' },
            { name: 'measure-business-events-sweep', payload: {}, every: SWEEP_EVERY_MS },
          ],
          providers: [...analysisProviders, AnalyticsScheduler, ReadModelsRepository],
        }),
      ],
      controllers: [
        TelemetryController,
        AnalysesController,
        BusinessEventImpactController,
        DataSettingsController,
        ReadModelsConsumer,
        CollectedTelemetryConsumer,
        BusinessEventsConsumer,
      ],
      providers: [
        ...analysisProviders,
        AnalyticsScheduler,
        BusinessEventImpactService,
        DataSettingsRepository,
        DataSettingsService,
        ReadModelsRepository,
        PipelineMetrics,
        PipelineMetricsRepository,
        TelemetryRepository,
        TelemetryService,
        { provide: ReadModelLag, useValue: new ReadModelLag(definition.env.READ_MODEL_WAIT_MS) },
      ],
    };
  }
}
