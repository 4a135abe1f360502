import { ServiceDefinition } from '@infra/messaging';
import { TOPICS } from '@infra/contracts';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';
import { InventorySchema1764000000000 } from './database/migrations/1764000000000-inventory-schema';

/** Inventory's migrations, in order. */
export const INVENTORY_MIGRATIONS = [InventorySchema1764000000000];

/** The inventory service: assets, collections, views, sidebar favorites and the AWS integration. */
export function inventoryService(env = loadServiceEnv('inventory', ServiceEnv)): ServiceDefinition {
  return {
    name: 'inventory',
    env,
    // Every query is SQL in a repository (bulk upserts, filtered pages): no TypeORM entities.
    entities: [],
    migrations: INVENTORY_MIGRATIONS,
    consumesEvents: true,
    publishes: [TOPICS.inventoryAssetUpserted, TOPICS.inventoryAssetStatusChanged, TOPICS.inventoryCollectionChanged],
    consumes: [TOPICS.taggingTagsAssigned, TOPICS.analyticsRatingsRecomputed],
  };
}
