// Medium tier: the telemetry inventory's AWS connector collects (`inventory.telemetry.collected.v1`) consumed on a
// scratch PostgreSQL database with the real migrations: stored by external id through the same validation and load
// as `POST telemetry`, once per event (inbox), and a load repeated after a failed inbox commit changes nothing.
import { KafkaContext } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  type AssetUpsertedPayload,
  type CollectedTelemetrySample,
  type EventEnvelope,
  type TelemetryCollectedPayload,
  type TelemetryFreshnessPayload,
  TOPICS,
} from '@infra/contracts';
import {
  EventPublisher,
  InboxConsumer,
  type KafkaProducer,
  MESSAGING_ENTITIES,
  MESSAGING_MIGRATIONS,
} from '@infra/messaging';
import { migratedTestDatabase } from '@infra/platform/testing';
import { ANALYTICS_MIGRATIONS } from '../../src/analytics.service-definition';
import { ReadModelsRepository } from '../../src/read-models/read-models.repository';
import type { AnalyticsScheduler } from '../../src/rollups/analytics.jobs';
import { CollectedTelemetryConsumer } from '../../src/telemetry/collected-telemetry.consumer';
import { OrgHourlyRepository } from '../../src/rollups/org-hourly.repository';
import { TelemetryRepository } from '../../src/telemetry/telemetry.repository';
import { TelemetryService } from '../../src/telemetry/telemetry.service';

const HOUR_MS = 3_600_000;
/** The start of the UTC hour `hoursAgo` before the current one. */
const hourAgo = (hoursAgo: number) => new Date((Math.floor(Date.now() / HOUR_MS) - hoursAgo) * HOUR_MS).toISOString();

describe('collected telemetry consumer (real PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof migratedTestDatabase>>;
  let dataSource: DataSource;
  let service: TelemetryService;
  let consumer: CollectedTelemetryConsumer;
  const deadLetters: string[] = [];
  const readModels = new ReadModelsRepository();
  const ours = { organizationId: randomUUID(), accountId: randomUUID() };
  const theirs = { organizationId: randomUUID(), accountId: randomUUID() };
  /** The Admin who configured the integration: the actor of inventory's events. */
  const configuredBy = randomUUID();
  const web = randomUUID();
  const db = randomUUID();

  const upserted = (assetId: string, externalId: string): AssetUpsertedPayload => ({
    assetId,
    externalId,
    name: externalId,
    status: 'active',
    collectionIds: [],
    attributes: { cpu_cores: 2, cpu_speed: 3.1, memory: 8, instance_type: 'm5.large', current_generation: true },
  });

  const envelope = (samples: CollectedTelemetrySample[]): EventEnvelope<TelemetryCollectedPayload> => ({
    eventId: randomUUID(),
    type: TOPICS.inventoryTelemetryCollected,
    occurredAt: new Date().toISOString(),
    ...ours,
    actorId: configuredBy,
    payload: { source: 'aws-cloudwatch', samples },
  });

  /** How Kafka hands the consumer one message of the topic. */
  const delivery = (event: EventEnvelope) =>
    new KafkaContext([
      {
        key: Buffer.from(ours.organizationId),
        value: Buffer.from(JSON.stringify(event)),
        timestamp: String(Date.now()),
        attributes: 0,
        offset: '0',
        headers: {},
      },
      0,
      TOPICS.inventoryTelemetryCollected,
      undefined as never,
      async () => undefined,
      undefined as never,
    ]);

  const stored = (organizationId: string) =>
    dataSource.query<
      {
        asset_id: string;
        hour: Date;
        cpu_util: number;
        mem_util: number | null;
        cost: string | null;
        received_at: Date;
      }[]
    >(
      `SELECT asset_id, hour, cpu_util, mem_util, cost, received_at FROM telemetry_samples
        WHERE organization_id = $1 ORDER BY hour, asset_id`,
      [organizationId],
    );
  const freshnessEvents = () =>
    dataSource.query<{ organizationId: string; actorId: string | null; payload: TelemetryFreshnessPayload }[]>(
      `SELECT envelope ->> 'organizationId' AS "organizationId", envelope ->> 'actorId' AS "actorId",
              envelope -> 'payload' AS payload
         FROM outbox WHERE topic = $1 AND envelope ->> 'organizationId' = $2 ORDER BY id`,
      [TOPICS.analyticsTelemetryFreshness, ours.organizationId],
    );

  beforeAll(async () => {
    database = await migratedTestDatabase(
      'infra_medium_analytics',
      [...MESSAGING_MIGRATIONS, ...ANALYTICS_MIGRATIONS],
      MESSAGING_ENTITIES,
    );
    dataSource = database.dataSource;
    // Rollup triggers are not queued: this tier has no Redis (the marked days are in rollup_pending).
    service = new TelemetryService(
      new TelemetryRepository(dataSource, new OrgHourlyRepository()),
      new EventPublisher(),
      {
        rollUp: async () => undefined,
      } as unknown as AnalyticsScheduler,
    );
    const producer = {
      send: async (topic: string) => {
        deadLetters.push(topic);
      },
    } as unknown as KafkaProducer;
    consumer = new CollectedTelemetryConsumer(new InboxConsumer(dataSource, producer, { maxAttempts: 1 }), service);
    await dataSource.transaction(async (manager) => {
      await readModels.upsertAsset(manager, ours.organizationId, upserted(web, 'i-0a1b2c3d4e5f60001'));
      await readModels.upsertAsset(manager, ours.organizationId, upserted(db, 'i-0a1b2c3d4e5f60002'));
      await readModels.upsertAsset(manager, theirs.organizationId, upserted(randomUUID(), 'i-0ccccccccccccc0003'));
    });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('stores the samples by external id in the organization of the event; unknown instances are refused alone', async () => {
    const event = envelope([
      { externalId: 'i-0a1b2c3d4e5f60001', hour: hourAgo(2), cpuUtil: 12.35, memUtil: 41.3, cost: 0.096 },
      { externalId: 'i-0a1b2c3d4e5f60002', hour: hourAgo(2), cpuUtil: 3.22 },
      // Another organization's instance, and one analytics does not know (yet).
      { externalId: 'i-0ccccccccccccc0003', hour: hourAgo(2), cpuUtil: 50 },
      { externalId: 'i-0ddddddddddddd0004', hour: hourAgo(2), cpuUtil: 50 },
      // Out of range: refused by the same rules as POST telemetry, without sending the event to the dead letters.
      { externalId: 'i-0a1b2c3d4e5f60002', hour: hourAgo(1), cpuUtil: 150 },
    ]);

    await consumer.onCollected(delivery(event));

    expect(deadLetters).toEqual([]);
    expect(
      (await stored(ours.organizationId)).map(({ asset_id, hour, cpu_util, mem_util, cost }) => ({
        asset_id,
        hour: hour.toISOString(),
        cpu_util,
        mem_util,
        cost,
      })),
    ).toEqual(
      [
        { asset_id: web, hour: hourAgo(2), cpu_util: 12.35, mem_util: 41.3, cost: '0.096' },
        { asset_id: db, hour: hourAgo(2), cpu_util: 3.22, mem_util: null, cost: null },
      ].sort((a, b) => a.asset_id.localeCompare(b.asset_id)),
    );
    expect(await stored(theirs.organizationId)).toEqual([]);
    // The freshness event names the tenant of the inventory event, and no user.
    expect(await freshnessEvents()).toEqual([
      {
        organizationId: ours.organizationId,
        actorId: null,
        payload: {
          assets: expect.arrayContaining([
            { assetId: web, lastReportedAt: hourAgo(2) },
            { assetId: db, lastReportedAt: hourAgo(2) },
          ]),
        },
      },
    ]);
  });

  it('a redelivered event changes nothing (inbox), nor does a load repeated after a failed inbox commit', async () => {
    const event = envelope([{ externalId: 'i-0a1b2c3d4e5f60001', hour: hourAgo(5), cpuUtil: 20, cost: 0.048 }]);
    await consumer.onCollected(delivery(event));
    const before = await stored(ours.organizationId);
    const freshness = (await freshnessEvents()).length;

    await consumer.onCollected(delivery(event));

    expect(await stored(ours.organizationId)).toEqual(before);
    expect(await freshnessEvents()).toHaveLength(freshness);

    // The load outside the inbox transaction, once more: the asset-hour is replaced by the same values.
    expect(await service.ingestCollected(ours, event.payload.source, event.payload.samples)).toEqual({
      accepted: 1,
      rejected: [],
    });
    const strip = (rows: typeof before) => rows.map(({ received_at: _, ...values }) => values);
    expect(strip(await stored(ours.organizationId))).toEqual(strip(before));
  });

  it("a later event with an hour's late cost replaces its CPU-only sample", async () => {
    const hour = hourAgo(30);
    await consumer.onCollected(delivery(envelope([{ externalId: 'i-0a1b2c3d4e5f60002', hour, cpuUtil: 7 }])));
    await consumer.onCollected(
      delivery(envelope([{ externalId: 'i-0a1b2c3d4e5f60002', hour, cpuUtil: 7, cost: 0.0416 }])),
    );

    const rows = (await stored(ours.organizationId)).filter((row) => row.hour.toISOString() === hour);
    expect(rows.map((row) => [row.asset_id, row.cpu_util, row.cost])).toEqual([[db, 7, '0.0416']]);
  });
});
