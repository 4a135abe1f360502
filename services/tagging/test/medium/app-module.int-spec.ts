// The tagging service boots with its real foundation (database, messaging, jobs) and declares its topics.
import { randomBytes } from 'node:crypto';
import { describeServiceFoundation } from '@infra/messaging/testing';
import { AppModule } from '../../src/app.module';
import { TaggingEnv } from '../../src/tagging.env';
import { taggingService } from '../../src/tagging.service-definition';

describeServiceFoundation(
  'tagging',
  // The foundation's env plus tagging's own settings (a fresh signing key: no secret in the repository).
  (env) => taggingService(Object.assign(new TaggingEnv(), env, { FILE_SIGNING_KEY: randomBytes(32).toString('hex') })),
  (definition) => AppModule.register(definition as ReturnType<typeof taggingService>),
);
