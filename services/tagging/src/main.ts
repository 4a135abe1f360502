import './tracing';
import 'reflect-metadata';
import { startService } from '@infra/messaging';
import { runMain } from '@infra/platform';
import { AppModule } from './app.module';
import { taggingService } from './tagging.service-definition';

runMain(async () => {
  const definition = taggingService();
  return startService(AppModule.register(definition), definition);
});
