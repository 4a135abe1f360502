// Isolation fixtures of every service. A service's routes become testable here as its domain issue serves
// them: drop `planned: true` from the route in the gateway's route table and add a fixture per route to the
// service's file (test/e2e/tenant-isolation.e2e.test.ts fails for a served route without one).
import type { ServiceFixtures } from './types';
import { analytics } from './analytics';
import { events, withBusinessEventImpact } from './events';
import { identity } from './identity';
import { inventory } from './inventory';
import { tagging } from './tagging';

export const FIXTURES: Record<string, ServiceFixtures> = {
  identity,
  inventory,
  tagging,
  // Analytics' own, and its business event impact (an event of the events service's).
  analytics: withBusinessEventImpact(analytics),
  events,
};

export * from './types';
