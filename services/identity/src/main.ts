import './tracing';
import 'reflect-metadata';
import { startService } from '@infra/messaging';
import { runMain } from '@infra/platform';
import { AppModule } from './app.module';
import { identityService } from './identity.service-definition';

runMain(async () => {
  const definition = identityService();
  return startService(AppModule.register(definition), definition);
});
