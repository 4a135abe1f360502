import { ServiceDefinition } from '@infra/messaging';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';

/** The identity service: config from the environment, its tables and migrations. */
export function identityService(env = loadServiceEnv('identity', ServiceEnv)): ServiceDefinition {
  return {
    name: 'identity',
    env,
    entities: [],
    migrations: [],
    consumesEvents: false,
  };
}
