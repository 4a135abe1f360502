import { ServiceDefinition } from '@infra/messaging';
import { TOPICS } from '@infra/contracts';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';

/** The analytics service: config from the environment, its tables, migrations and topics. */
export function analyticsService(env = loadServiceEnv('analytics', ServiceEnv)): ServiceDefinition {
  return {
    name: 'analytics',
    env,
    entities: [],
    migrations: [],
    consumesEvents: false,
    publishes: [TOPICS.analyticsRatingsRecomputed],
    consumes: [],
  };
}
