import './tracing';
import 'reflect-metadata';
import { startService } from '@infra/messaging';
import { runMain } from '@infra/platform';
import { AppModule } from './app.module';
import { analyticsService } from './analytics.service-definition';

runMain(async () => {
  const definition = analyticsService();
  return startService(AppModule.register(definition), definition);
});
