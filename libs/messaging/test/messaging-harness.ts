// A producer and a consumer wired exactly as services wire them (outbox + relay + Nest Kafka server + inbox),
// on a throw-away database and topic. Used by the messaging integration tests and bench/kafka-latency.ts.
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, EventPattern, KafkaContext } from '@nestjs/microservices';
import { DataSource, EntityManager } from 'typeorm';
import * as v from 'valibot';
import { EventEnvelope, payloadField, payloadProblems, type PayloadSchema } from '@infra/contracts';
import { kafkaSettingsForTests, uniqueSuffix } from '@infra/platform/testing';
import {
  ensureTopics,
  InboxConsumer,
  kafkaConsumerOptions,
  KafkaProducer,
  OutboxRelay,
  type PayloadCheck,
  writeOutboxEvent,
} from '../src';
import { scratchMessagingDatabase } from './scratch-database';

export interface WidgetPayload {
  widgetId: string;
  name: string;
  /** The consumer throws for these, to exercise retries and the dead-letter topic. */
  poison?: boolean;
  /** The consumer's database "cannot be reached" for this event's first tries (a restart or failover). */
  unreachableTries?: number;
}

/** The test topic's schema, as libs/contracts declares one per real topic. */
const widgetSchema: PayloadSchema<WidgetPayload> = payloadField.object({
  widgetId: payloadField.uuid(),
  name: payloadField.string({ min: 1, max: 2_000_000 }),
  poison: v.optional(payloadField.boolean()),
  unreachableTries: v.optional(payloadField.number({ min: 0, max: 100 })),
});
const validateWidget: PayloadCheck<WidgetPayload> = (payload) => payloadProblems(widgetSchema, payload);

export interface Harness {
  topic: string;
  dataSource: DataSource;
  relay: OutboxRelay;
  producer: KafkaProducer;
  /** Event ids applied by the consumer, with the time each was applied. */
  applied: Map<string, number>;
  /** The id of the last event written to the outbox (committed or not). */
  lastWrittenEventId(): string | undefined;
  /** Handler invocations per event id (retries included). */
  handlerCalls: Map<string, number>;
  /** Commits a widget row and its event in one transaction; returns the event. */
  createWidget(
    name: string,
    options?: { poison?: boolean; fail?: boolean; unreachableTries?: number },
  ): Promise<EventEnvelope<WidgetPayload>>;
  /**
   * Commits several widgets and their events in ONE transaction (the relay sees them all at once); those named in
   * `poisoned` are poison.
   */
  createWidgets(names: string[], poisoned?: string[]): Promise<EventEnvelope<WidgetPayload>[]>;
  /** The consumer no longer throws for this poison event (its cause fixed), as before a dead letter's replay. */
  cure(eventId: string): void;
  /** Publishes a payload the widget schema refuses (as a buggy or foreign producer would). */
  publishRaw(payload: unknown): Promise<EventEnvelope<unknown>>;
  appliedCount(eventId: string): Promise<number>;
  close(): Promise<void>;
}

/** A harness on the test broker, or on the local broker of ours on `options.port`. */
export async function createHarness(
  options: {
    maxAttempts?: number;
    port?: number;
    /** After-commit work of each applied event, as a service's handler hands it over (queue a job). */
    afterApplied?: (event: EventEnvelope<WidgetPayload>) => Promise<void>;
  } = {},
): Promise<Harness> {
  const suffix = uniqueSuffix();
  const kafka = (clientId: string) => kafkaSettingsForTests(clientId, options.port);
  const topic = `test.widget.changed.${suffix}.v1`;
  const database = await scratchMessagingDatabase('infra_msg');
  const { dataSource } = database;
  await dataSource.query(`CREATE TABLE widgets (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL)`);
  await dataSource.query(
    `CREATE TABLE applied_widgets (event_id uuid NOT NULL, widget_id uuid NOT NULL, name text NOT NULL)`,
  );
  await ensureTopics(kafka(`test-${suffix}`), [topic], 3);

  const producer = new KafkaProducer(kafka(`test-producer-${suffix}`));
  const relay = new OutboxRelay(dataSource, producer, { pollIntervalMs: 250 });
  const inbox = new InboxConsumer(dataSource, producer, { maxAttempts: options.maxAttempts ?? 3, retryDelayMs: 50 });
  const applied = new Map<string, number>();
  const handlerCalls = new Map<string, number>();
  const cured = new Set<string>();
  let lastWritten: string | undefined;

  @Controller()
  class WidgetConsumer {
    @EventPattern(topic)
    async onWidget(@Ctx() context: KafkaContext): Promise<void> {
      const projection = { consumer: 'widget-projection', validate: validateWidget };
      await inbox.consumeWith(context, projection, async (manager: EntityManager, event, effects) => {
        const calls = (handlerCalls.get(event.eventId) ?? 0) + 1;
        handlerCalls.set(event.eventId, calls);
        if (calls <= (event.payload.unreachableTries ?? 0))
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        if (event.payload.poison && !cured.has(event.eventId))
          throw new Error(`cannot project widget ${event.payload.widgetId}`);
        await manager.query('INSERT INTO applied_widgets (event_id, widget_id, name) VALUES ($1, $2, $3)', [
          event.eventId,
          event.payload.widgetId,
          event.payload.name,
        ]);
        effects.afterCommit(`applied ${event.eventId}`, async () => {
          await options.afterApplied?.(event);
          if (!applied.has(event.eventId)) applied.set(event.eventId, Date.now());
        });
      });
    }
  }

  @Module({ controllers: [WidgetConsumer] })
  class ConsumerModule {}

  const consumer: INestMicroservice = await NestFactory.createMicroservice(ConsumerModule, {
    ...kafkaConsumerOptions({ ...kafka(`test-consumer-${suffix}`), groupId: `test-group-${suffix}` }),
    logger: ['error'],
  });
  await consumer.listen();
  await relay.start();

  return {
    topic,
    dataSource,
    relay,
    producer,
    applied,
    handlerCalls,
    lastWrittenEventId: () => lastWritten,
    cure: (eventId) => cured.add(eventId),
    createWidget: (name, { poison = false, fail = false, unreachableTries } = {}) =>
      dataSource.transaction(async (manager) => {
        const [{ id }] = (await manager.query('INSERT INTO widgets (name) VALUES ($1) RETURNING id', [name])) as {
          id: string;
        }[];
        const event: EventEnvelope<WidgetPayload> = await writeOutboxEvent(manager, topic, {
          accountId: null,
          organizationId: '00000000-0000-4000-8000-000000000001',
          actorId: null,
          payload: { widgetId: id, name, poison, unreachableTries } satisfies WidgetPayload,
        });
        lastWritten = event.eventId;
        if (fail) throw new Error('rolled back on purpose');
        return event;
      }),
    createWidgets: (names, poisoned = []) =>
      dataSource.transaction(async (manager) => {
        const events: EventEnvelope<WidgetPayload>[] = [];
        for (const name of names) {
          const [{ id }] = (await manager.query('INSERT INTO widgets (name) VALUES ($1) RETURNING id', [name])) as {
            id: string;
          }[];
          events.push(
            await writeOutboxEvent(manager, topic, {
              accountId: null,
              organizationId: '00000000-0000-4000-8000-000000000001',
              actorId: null,
              payload: { widgetId: id, name, poison: poisoned.includes(name) } satisfies WidgetPayload,
            }),
          );
        }
        return events;
      }),
    publishRaw: (payload) =>
      dataSource.transaction((manager) =>
        writeOutboxEvent(manager, topic, { accountId: null, organizationId: null, actorId: null, payload }),
      ),
    appliedCount: async (eventId) => {
      const [{ count }] = (await dataSource.query(
        'SELECT count(*)::int AS count FROM applied_widgets WHERE event_id = $1',
        [eventId],
      )) as { count: number }[];
      return count;
    },
    close: async () => {
      await relay.stop();
      await consumer.close();
      await producer.close();
      await database.drop();
    },
  };
}
