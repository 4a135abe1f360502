import { TOPICS } from '@infra/contracts';
import type { ServiceEnv } from '@infra/platform';
import type { NextFunction, Request, Response } from 'express';
import { ServiceDefinition, serviceTopicProblems, workerOnlyRoutes } from './service-runtime';

const definition = (overrides: Partial<ServiceDefinition>): ServiceDefinition => ({
  name: 'events',
  env: {} as ServiceEnv,
  entities: [],
  migrations: [],
  consumesEvents: false,
  refusals: { organizationAdmin: () => new Error('Admins only') },
  publishes: [TOPICS.eventsBusinessEventChanged, TOPICS.eventsImpactUpserted],
  consumes: [],
  ...overrides,
});

describe('serviceTopicProblems', () => {
  it('accepts a service that publishes exactly its own topics', () => {
    expect(serviceTopicProblems(definition({}))).toEqual([]);
  });

  it('names each wrong declaration', () => {
    expect(
      serviceTopicProblems(
        definition({
          publishes: [TOPICS.eventsBusinessEventChanged, TOPICS.taggingTagChanged],
          consumes: [TOPICS.eventsImpactUpserted, 'events.unknown.v1' as never],
        }),
      ),
    ).toEqual([
      'events.unknown.v1 is not a topic of libs/contracts',
      'events publishes tagging.tag.changed.v1, which another service owns',
      'events owns events.business-event.impact-upserted.v1 but does not publish it',
      'events consumes its own events.business-event.impact-upserted.v1',
      'events consumes its own events.unknown.v1',
      'events lists consumed topics but consumesEvents is false',
    ]);
  });
});

describe('workerOnlyRoutes (WORKER_ONLY=true)', () => {
  const call = (path: string) => {
    let status: number | undefined;
    let passed = false;
    const res = { status: (code: number) => ((status = code), res), json: () => res } as unknown as Response;
    workerOnlyRoutes({ path } as Request, res, (() => (passed = true)) as NextFunction);
    return passed ? 'next' : status;
  };

  it('lets the probes and metrics through and answers 404 to every API route', () => {
    expect(['/health/live', '/health/ready', '/metrics'].map(call)).toEqual(['next', 'next', 'next']);
    expect(['/organizations', '/users/me', '/health', '/metrics/x'].map(call)).toEqual([404, 404, 404, 404]);
  });
});
