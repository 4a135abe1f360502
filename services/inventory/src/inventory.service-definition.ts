import { ServiceDefinition } from '@infra/messaging';
import { TOPICS } from '@infra/contracts';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';

/** The inventory service: config from the environment, its tables, migrations and topics. */
export function inventoryService(env = loadServiceEnv('inventory', ServiceEnv)): ServiceDefinition {
  return {
    name: 'inventory',
    env,
    entities: [],
    migrations: [],
    consumesEvents: false,
    publishes: [TOPICS.inventoryAssetUpserted, TOPICS.inventoryAssetStatusChanged, TOPICS.inventoryCollectionChanged],
    consumes: [],
  };
}
