import { DynamicModule, Module } from '@nestjs/common';
import { JobsModule } from '@infra/jobs';
import { ReadModelLag, ServiceDefinition, serviceFoundation } from '@infra/messaging';
import { AssetsController } from './assets/assets.controller';
import { AssetsRepository } from './assets/assets.repository';
import { AssetsService } from './assets/assets.service';
import { ASSET_SINK } from './aws-integration/asset-sink';
import { AwsIntegrationController } from './aws-integration/aws-integration.controller';
import { QueueAwsSyncsJob, SyncAwsIntegrationJob } from './aws-integration/aws-integration.jobs';
import { AWS_SYNC_SCHEDULE, AwsIntegrationJobs, INVENTORY_QUEUE } from './aws-integration/aws-integration.queue';
import { AwsIntegrationRepository } from './aws-integration/aws-integration.repository';
import { AwsIntegrationService } from './aws-integration/aws-integration.service';
import { Ec2InventorySync } from './aws-integration/ec2-inventory-sync';
import { CollectionsController } from './collections/collections.controller';
import { CollectionsRepository } from './collections/collections.repository';
import { CollectionsService } from './collections/collections.service';
import { LocateController } from './locate/locate.controller';
import { LocateRepository } from './locate/locate.repository';
import { LocateService } from './locate/locate.service';
import { ReadModelsConsumer } from './read-models/read-models.consumer';
import { ReadModelsRepository } from './read-models/read-models.repository';
import { SidebarController } from './sidebar/sidebar.controller';
import { SidebarRepository } from './sidebar/sidebar.repository';
import { SidebarService } from './sidebar/sidebar.service';
import { ViewsController } from './views/views.controller';
import { ViewsRepository } from './views/views.repository';
import { ViewsService } from './views/views.service';

/** What the AWS sync needs, in the HTTP module and in the job workers alike. */
const AWS_SYNC_PROVIDERS = [
  AssetsRepository,
  AssetsService,
  { provide: ASSET_SINK, useExisting: AssetsService },
  AwsIntegrationRepository,
  AwsIntegrationService,
  Ec2InventorySync,
];

@Module({})
export class AppModule {
  static register(definition: ServiceDefinition): DynamicModule {
    // How long a request waits for a read model (an organization's plan, a new tag): in the workers too.
    const lag = { provide: ReadModelLag, useValue: new ReadModelLag(definition.env.READ_MODEL_WAIT_MS) };
    return {
      module: AppModule,
      imports: [
        ...serviceFoundation(definition),
        JobsModule.register<AwsIntegrationJobs>({
          queue: INVENTORY_QUEUE,
          processors: [QueueAwsSyncsJob, SyncAwsIntegrationJob],
          schedules: [AWS_SYNC_SCHEDULE],
          providers: [...AWS_SYNC_PROVIDERS, lag],
        }),
      ],
      controllers: [
        AssetsController,
        CollectionsController,
        ViewsController,
        SidebarController,
        AwsIntegrationController,
        LocateController,
        ReadModelsConsumer,
      ],
      providers: [
        ...AWS_SYNC_PROVIDERS,
        lag,
        CollectionsRepository,
        CollectionsService,
        ViewsRepository,
        ViewsService,
        SidebarRepository,
        SidebarService,
        ReadModelsRepository,
        LocateRepository,
        LocateService,
      ],
    };
  }
}
