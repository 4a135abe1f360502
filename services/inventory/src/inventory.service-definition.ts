import { ServiceDefinition } from '@infra/messaging';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';

/** The inventory service: config from the environment, its tables and migrations. */
export function inventoryService(env = loadServiceEnv('inventory', ServiceEnv)): ServiceDefinition {
  return {
    name: 'inventory',
    env,
    entities: [],
    migrations: [],
    consumesEvents: false,
  };
}
