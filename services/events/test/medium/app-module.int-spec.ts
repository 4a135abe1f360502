// The events service boots with its real foundation (database, messaging, jobs) and declares its topics.
import { describeServiceFoundation } from '@infra/messaging/testing';
import { AppModule } from '../../src/app.module';
import { eventsService } from '../../src/events.service-definition';

describeServiceFoundation(
  'events',
  (env) => eventsService(env),
  (definition) => AppModule.register(definition),
);
