import './tracing';
import 'reflect-metadata';
import { startService } from '@infra/messaging';
import { runMain } from '@infra/platform';
import { AppModule } from './app.module';
import { eventsService } from './events.service-definition';

runMain(async () => {
  const definition = eventsService();
  return startService(AppModule.register(definition), definition);
});
