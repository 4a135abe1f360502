import { ServiceDefinition } from '@infra/messaging';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';

/** The events service: config from the environment, its tables and migrations. */
export function eventsService(env = loadServiceEnv('events', ServiceEnv)): ServiceDefinition {
  return {
    name: 'events',
    env,
    entities: [],
    migrations: [],
    consumesEvents: false,
  };
}
