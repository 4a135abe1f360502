import { ServiceDefinition } from '@infra/messaging';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';

/** The analytics service: config from the environment, its tables and migrations. */
export function analyticsService(env = loadServiceEnv('analytics', ServiceEnv)): ServiceDefinition {
  return {
    name: 'analytics',
    env,
    entities: [],
    migrations: [],
    consumesEvents: false,
  };
}
