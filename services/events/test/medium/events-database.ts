// The events service's medium tier: its schema (the outbox's and its own real migrations) on a scratch database.
import { randomUUID } from 'node:crypto';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from '@infra/messaging';
import { migratedTestDatabase } from '@infra/platform/testing';
import type { Tenant } from '@infra/platform';
import { EVENTS_MIGRATIONS } from '../../src/events.service-definition';

/** A new scratch database with the events service's schema; `drop()` closes it and drops it. */
export const eventsTestDatabase = () =>
  migratedTestDatabase('infra_medium_events', [...MESSAGING_MIGRATIONS, ...EVENTS_MIGRATIONS], MESSAGING_ENTITIES);

/** An Admin acting in an organization of its own (a new tenant per call). */
export const adminOfNewOrganization = (): Tenant => ({
  organizationId: randomUUID(),
  accountId: randomUUID(),
  userId: randomUUID(),
  role: 'Admin',
});
