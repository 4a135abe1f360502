// Tagging's medium tier: its schema (the outbox's and tagging's real migrations) on a scratch database, and tenants.
import { randomUUID } from 'node:crypto';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from '@infra/messaging';
import { migratedTestDatabase, testDataSource } from '@infra/platform/testing';
import type { DataSource } from 'typeorm';
import { TAGGING_MIGRATIONS } from '../../src/tagging.service-definition';
import type { Actor } from '../../src/tenant';

const MIGRATIONS = [...MESSAGING_MIGRATIONS, ...TAGGING_MIGRATIONS];

/** A new scratch database with tagging's schema; `drop()` closes it and drops it. */
export const taggingTestDatabase = () => migratedTestDatabase('infra_medium_tagging', MIGRATIONS, MESSAGING_ENTITIES);

/** Another DataSource on that database (a worker process of the kill test opens its own). */
export const taggingDataSource = (database: string): DataSource =>
  testDataSource(database, MIGRATIONS, MESSAGING_ENTITIES);

/** An Admin acting in an organization of its own (a new tenant per call). */
export const adminOfNewOrganization = (): Actor => ({
  organizationId: randomUUID(),
  accountId: randomUUID(),
  userId: randomUUID(),
  role: 'Admin',
  apiKeyId: null,
});
