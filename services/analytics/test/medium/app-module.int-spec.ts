// The analytics service boots with its real foundation (database, messaging, jobs) and declares its topics.
import { describeServiceFoundation } from '@infra/messaging/testing';
import { AppModule } from '../../src/app.module';
import { analyticsService } from '../../src/analytics.service-definition';

describeServiceFoundation(
  'analytics',
  (env) => analyticsService(env),
  (definition) => AppModule.register(definition),
);
