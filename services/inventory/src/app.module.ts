import { DynamicModule, Module } from '@nestjs/common';
import { ServiceDefinition, serviceFoundation } from '@infra/messaging';
import { AssetsController } from './assets/assets.controller';
import { AssetsRepository } from './assets/assets.repository';
import { AssetsService } from './assets/assets.service';
import { CollectionsController } from './collections/collections.controller';
import { CollectionsRepository } from './collections/collections.repository';
import { CollectionsService } from './collections/collections.service';
import { ReadModelsConsumer } from './read-models/read-models.consumer';
import { ReadModelsRepository } from './read-models/read-models.repository';
import { SidebarController } from './sidebar/sidebar.controller';
import { SidebarRepository } from './sidebar/sidebar.repository';
import { SidebarService } from './sidebar/sidebar.service';
import { ViewsController } from './views/views.controller';
import { ViewsRepository } from './views/views.repository';
import { ViewsService } from './views/views.service';

@Module({})
export class AppModule {
  static register(definition: ServiceDefinition): DynamicModule {
    return {
      module: AppModule,
      imports: [...serviceFoundation(definition)],
      controllers: [AssetsController, CollectionsController, ViewsController, SidebarController, ReadModelsConsumer],
      providers: [
        AssetsRepository,
        AssetsService,
        CollectionsRepository,
        CollectionsService,
        ViewsRepository,
        ViewsService,
        SidebarRepository,
        SidebarService,
        ReadModelsRepository,
      ],
    };
  }
}
