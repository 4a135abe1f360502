// The tagging service boots with its real foundation (database, messaging, jobs) and declares its topics.
import { describeServiceFoundation } from '@infra/messaging/testing';
import { AppModule } from './app.module';
import { taggingService } from './tagging.service-definition';

describeServiceFoundation(
  'tagging',
  (env) => taggingService(env),
  (definition) => AppModule.register(definition),
);
