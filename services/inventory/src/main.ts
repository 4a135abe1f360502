import './tracing';
import 'reflect-metadata';
import { startService } from '@infra/messaging';
import { runMain } from '@infra/platform';
import { AppModule } from './app.module';
import { inventoryService } from './inventory.service-definition';

runMain(async () => {
  const definition = inventoryService();
  return startService(AppModule.register(definition), definition);
});
