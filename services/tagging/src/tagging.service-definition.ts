import { ServiceDefinition } from '@infra/messaging';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';

/** The tagging service: config from the environment, its tables and migrations. */
export function taggingService(env = loadServiceEnv('tagging', ServiceEnv)): ServiceDefinition {
  return {
    name: 'tagging',
    env,
    entities: [],
    migrations: [],
    consumesEvents: false,
  };
}
