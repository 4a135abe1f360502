import { ServiceDefinition } from '@infra/messaging';
import { TOPICS } from '@infra/contracts';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';

/** The tagging service: config from the environment, its tables, migrations and topics. */
export function taggingService(env = loadServiceEnv('tagging', ServiceEnv)): ServiceDefinition {
  return {
    name: 'tagging',
    env,
    entities: [],
    migrations: [],
    consumesEvents: false,
    publishes: [TOPICS.taggingTagsAssigned, TOPICS.taggingTagChanged, TOPICS.taggingImportCompleted],
    consumes: [],
  };
}
