import { DynamicModule, Module } from '@nestjs/common';
import { ServiceDefinition, serviceFoundation } from '@infra/messaging';
import { ServiceHealthController } from './service-health/service-health.controller';

@Module({})
export class AppModule {
  static register(definition: ServiceDefinition): DynamicModule {
    return { module: AppModule, imports: [...serviceFoundation(definition)], controllers: [ServiceHealthController] };
  }
}
