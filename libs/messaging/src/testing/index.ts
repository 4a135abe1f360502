// Test helpers (imported as @infra/messaging/testing; not part of the runtime API).
import type { DynamicModule, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';
import { createTestDatabase, kafkaSaslForTests } from '@infra/platform/testing';
import { ALL_TOPICS } from '@infra/contracts';
import { migrateService, serviceTopicProblems, ServiceDefinition } from '../service-runtime';

export interface RunningService {
  definition: ServiceDefinition;
  /** http://127.0.0.1:<port> of the booted service. */
  url: string;
  app: INestApplication;
  close: () => Promise<void>;
}

/**
 * Boots a service's real Nest module (platform, database, messaging, jobs) on a scratch database with its
 * migrations applied, on a free port. Redis and Kafka come from the environment (REDIS_URL, KAFKA_BROKERS); it signs in
 * to Kafka as the service's own user, as the product does.
 */
export async function bootServiceForTest(
  service: ServiceDefinition['name'],
  define: (env: ServiceEnv) => ServiceDefinition,
  register: (definition: ServiceDefinition) => DynamicModule,
): Promise<RunningService> {
  const database = await createTestDatabase(`infra_${service}_it`);
  try {
    const definition = define(
      loadServiceEnv(service, ServiceEnv, {
        ...process.env,
        DATABASE_NAME: database.name,
        LOG_LEVEL: 'warn',
        KAFKA_USERNAME: service,
        KAFKA_PASSWORD: kafkaSaslForTests(service).password,
      }),
    );
    await migrateService(definition);
    const app = await NestFactory.create(register(definition), { logger: ['error'] });
    await app.listen(0, '127.0.0.1');
    const address = app.getHttpServer().address() as { port: number };
    return {
      definition,
      url: `http://127.0.0.1:${address.port}`,
      app,
      close: async () => {
        await app.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/**
 * The foundation contract every service passes (jest `describe`): it boots with its real module, answers
 * `/health/live` and `/health/ready` with every dependency up, serves metrics, publishes exactly the topics
 * of libs/contracts named after it, and consumes only topics of libs/contracts.
 */
export function describeServiceFoundation(
  service: ServiceDefinition['name'],
  define: (env: ServiceEnv) => ServiceDefinition,
  register: (definition: ServiceDefinition) => DynamicModule,
): void {
  describe(`${service} service foundation`, () => {
    let running: RunningService;

    beforeAll(async () => {
      running = await bootServiceForTest(service, define, register);
    }, 60_000);

    afterAll(async () => {
      await running?.close();
    });

    it('answers /health/live, and /health/ready with every dependency up', async () => {
      const live = await fetch(`${running.url}/health/live`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${running.url}/health/ready`);
      expect(await ready.json()).toEqual({
        status: 'ok',
        checks: {
          redis: { status: 'up' },
          database: { status: 'up' },
          kafka: { status: 'up' },
          consumers: { status: 'up' },
        },
      });
    });

    it('serves its metrics', async () => {
      const metrics = await fetch(`${running.url}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('process_cpu_seconds_total');
    });

    it('publishes exactly the topics of libs/contracts it owns, and consumes only topics of libs/contracts', () => {
      const { definition } = running;
      expect(serviceTopicProblems(definition)).toEqual([]);
      expect([...(definition.publishes ?? [])].sort()).toEqual(
        ALL_TOPICS.filter((topic) => topic.startsWith(`${service}.`)).sort(),
      );
      for (const topic of definition.consumes ?? []) expect(ALL_TOPICS).toContain(topic);
    });
  });
}
