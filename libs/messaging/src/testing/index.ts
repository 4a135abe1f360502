// Test helpers (imported as @infra/messaging/testing; not part of the runtime API).
import { randomUUID } from 'node:crypto';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import type { DataSource, EntityManager } from 'typeorm';
import { NestFactory } from '@nestjs/core';
import { loadServiceEnv, ServiceEnv } from '@infra/platform';
import { createTestDatabase, kafkaSaslForTests } from '@infra/platform/testing';
import {
  ALL_TOPICS,
  type AssetStatus,
  type AssetStatusChangedPayload,
  type AssetUpsertedPayload,
} from '@infra/contracts';
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

/** How a service keeps its copy of inventory's assets (its read-model repository's two projections). */
export interface AssetCopy {
  /** The superuser's DataSource of a migrated scratch database (beyond the wall: the property reads every row). */
  dataSource: () => DataSource;
  upsert: (
    manager: EntityManager,
    organizationId: string,
    payload: AssetUpsertedPayload,
    at: string,
  ) => Promise<unknown>;
  setStatus: (
    manager: EntityManager,
    organizationId: string,
    payload: AssetStatusChangedPayload,
    at: string,
  ) => Promise<unknown>;
}

const STATUSES: AssetStatus[] = ['active', 'offline', 'pending', 'archived'];

/**
 * Issue 24, scenario 6: inventory's asset events delivered twice and out of order (the two topics are not ordered with
 * each other, and a redelivery can repeat any of them) leave the copy as the history in order would, the newest part
 * winning: `runs` histories (fast-check) of upserts and status changes of up to four assets, each delivered shuffled
 * with repeats, each event in its own transaction as a consumer applies it.
 */
export function describeAssetCopyOrder(service: string, copy: AssetCopy, runs = 200): void {
  describe(`${service}'s copy of inventory's assets, events delivered twice and out of order`, () => {
    const event = fc.oneof(
      fc.record({
        kind: fc.constant('upsert' as const),
        asset: fc.nat(3),
        name: fc.stringMatching(/^[a-z]{1,6}$/),
        status: fc.constantFrom(...STATUSES),
      }),
      fc.record({ kind: fc.constant('status' as const), asset: fc.nat(3), status: fc.constantFrom(...STATUSES) }),
    );
    // A history as inventory writes it: an asset's first event is its upsert (a status change needs the asset).
    const history = fc
      .array(event, { minLength: 1, maxLength: 10 })
      .map((events) => {
        const seen = new Set<number>();
        return events.filter((e) => (e.kind === 'upsert' ? seen.add(e.asset) : seen.has(e.asset)));
      })
      .filter((events) => events.length > 0);
    const delivery = history.chain((events) =>
      fc.tuple(
        fc.constant(events),
        fc.shuffledSubarray(
          events.map((_, i) => i),
          { minLength: events.length, maxLength: events.length },
        ),
        fc.array(fc.tuple(fc.nat(events.length - 1), fc.nat(events.length)), { maxLength: 4 }),
      ),
    );

    it(`ends as the history in order would, over ${runs} histories`, async () => {
      const dataSource = copy.dataSource();
      const start = Date.parse('2026-11-01T00:00:00Z');
      await fc.assert(
        fc.asyncProperty(delivery, async ([events, order, repeats]) => {
          const organizationId = randomUUID();
          const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
          const at = (i: number) => new Date(start + i * 1000).toISOString();
          const delivered = [...order];
          for (const [index, position] of repeats) delivered.splice(position, 0, index);
          for (const i of delivered) {
            const e = events[i]!;
            await dataSource.transaction((manager) =>
              e.kind === 'upsert'
                ? copy.upsert(
                    manager,
                    organizationId,
                    {
                      assetId: ids[e.asset]!,
                      externalId: `ext-${e.asset}`,
                      name: e.name,
                      status: e.status,
                      collectionIds: [],
                      attributes: { site: `site-${e.name}`, instance_type: 'm5.large', cpu_cores: 2 },
                    },
                    at(i),
                  )
                : copy.setStatus(manager, organizationId, { assetId: ids[e.asset]!, status: e.status }, at(i)),
            );
          }
          const expected = new Map<string, { name: string; status: string }>();
          for (const e of events) {
            const id = ids[e.asset]!;
            expected.set(id, { name: e.kind === 'upsert' ? e.name : expected.get(id)!.name, status: e.status });
          }
          const rows = (await dataSource.query(`SELECT id, name, status FROM assets WHERE organization_id = $1`, [
            organizationId,
          ])) as { id: string; name: string; status: string }[];
          const waiting = (await dataSource.query(`SELECT 1 FROM asset_statuses_ahead WHERE organization_id = $1`, [
            organizationId,
          ])) as unknown[];
          expect(Object.fromEntries(rows.map(({ id, name, status }) => [id, { name, status }]))).toEqual(
            Object.fromEntries(expected),
          );
          expect(waiting).toEqual([]);
        }),
        { numRuns: runs },
      );
    });
  });
}
