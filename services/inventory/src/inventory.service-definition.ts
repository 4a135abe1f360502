import { ServiceDefinition } from '@infra/messaging';
import { InventoryErrorCode, SUBSCRIPTIONS, TOPICS } from '@infra/contracts';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';
import { AwsIntegration } from './aws-integration/aws-integration.entity';
import { InventorySchema1764000000000 } from './database/migrations/1764000000000-inventory-schema';
import { AwsIntegrations1764100000000 } from './database/migrations/1764100000000-aws-integrations';
import { TagsReadModel1764200000000 } from './database/migrations/1764200000000-tags-read-model';
import { OrganizationPlans1764300000000 } from './database/migrations/1764300000000-organization-plans';
import { TenantWall1765600000000 } from './database/migrations/1765600000000-tenant-wall';
import { inventoryError } from './inventory.errors';

/** Inventory's migrations, in order. */
export const INVENTORY_MIGRATIONS = [
  InventorySchema1764000000000,
  AwsIntegrations1764100000000,
  TagsReadModel1764200000000,
  OrganizationPlans1764300000000,
  TenantWall1765600000000,
];

/** The inventory service: assets, collections, views, sidebar favorites and the AWS integration. */
export function inventoryService(env = loadServiceEnv('inventory', ServiceEnv)): ServiceDefinition {
  return {
    name: 'inventory',
    env,
    refusals: { organizationAdmin: () => inventoryError(InventoryErrorCode.AdminOnly) },
    // Assets, collections and views are SQL in their repositories (bulk upserts, filtered pages); the AWS
    // integration is an entity.
    entities: [AwsIntegration],
    migrations: INVENTORY_MIGRATIONS,
    consumesEvents: true,
    publishes: [
      TOPICS.inventoryAssetUpserted,
      TOPICS.inventoryAssetStatusChanged,
      TOPICS.inventoryCollectionChanged,
      TOPICS.inventoryTelemetryCollected,
      TOPICS.inventoryAwsIntegrationChanged,
    ],
    consumes: SUBSCRIPTIONS.inventory,
  };
}
