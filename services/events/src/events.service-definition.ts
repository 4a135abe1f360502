import { ServiceDefinition } from '@infra/messaging';
import { TOPICS } from '@infra/contracts';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';

/** The events service: config from the environment, its tables, migrations and topics. */
export function eventsService(env = loadServiceEnv('events', ServiceEnv)): ServiceDefinition {
  return {
    name: 'events',
    env,
    entities: [],
    migrations: [],
    consumesEvents: false,
    publishes: [TOPICS.eventsBusinessEventChanged, TOPICS.eventsImpactUpserted],
    consumes: [],
  };
}
