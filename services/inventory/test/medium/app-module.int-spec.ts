// The inventory service boots with its real foundation (database, messaging, jobs) and declares its topics.
import { describeServiceFoundation } from '@infra/messaging/testing';
import { AppModule } from '../../src/app.module';
import { inventoryService } from '../../src/inventory.service-definition';

describeServiceFoundation(
  'inventory',
  (env) => inventoryService(env),
  (definition) => AppModule.register(definition),
);
