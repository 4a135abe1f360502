import { DynamicModule, Module } from '@nestjs/common';
import { ReadModelLag, ServiceDefinition, serviceFoundation } from '@infra/messaging';
import { BusinessEventChanges } from './business-events/business-event-changes';
import { BusinessEventsController } from './business-events/business-events.controller';
import { BusinessEventsRepository } from './business-events/business-events.repository';
import { BusinessEventsService } from './business-events/business-events.service';
import { ReadModelsConsumer } from './read-models/read-models.consumer';
import { ReadModelsRepository } from './read-models/read-models.repository';

@Module({})
export class AppModule {
  static register(definition: ServiceDefinition): DynamicModule {
    return {
      module: AppModule,
      imports: [...serviceFoundation(definition)],
      controllers: [BusinessEventsController, ReadModelsConsumer],
      providers: [
        BusinessEventsRepository,
        BusinessEventsService,
        BusinessEventChanges,
        ReadModelsRepository,
        { provide: ReadModelLag, useValue: new ReadModelLag(definition.env.READ_MODEL_WAIT_MS) },
      ],
    };
  }
}
