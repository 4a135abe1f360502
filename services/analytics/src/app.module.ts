import { DynamicModule, Module } from '@nestjs/common';
import { ServiceDefinition, serviceFoundation } from '@infra/messaging';

@Module({})
export class AppModule {
  static register(definition: ServiceDefinition): DynamicModule {
    return { module: AppModule, imports: [...serviceFoundation(definition)] };
  }
}
