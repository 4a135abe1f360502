import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { EventEnvelope, PayloadOf, REQUEST_ID_HEADER, TopicName, validateTopicPayload } from '@infra/contracts';
import { currentRequestId, forEachInSlices, inSpan, SliceClock, sql, traceHeaders, type Sql } from '@infra/platform';
import { OUTBOX_CHANNEL } from './outbox-relay';

/** Events schema-checked between two yields to the event loop (fewer when they are large: see SliceClock). */
const ENVELOPES_PER_SLICE = 500;
/** Characters of envelope JSON per INSERT into the outbox (outbox ids keep the order across statements). */
const STATEMENT_MAX_CHARS = 1024 * 1024;

export interface PublishInput<TPayload> {
  accountId: string | null;
  organizationId: string | null;
  actorId: string | null;
  payload: TPayload;
}

/**
 * Writes events to the outbox inside the caller's transaction, for any topic and payloads, in as few statements as
 * their size allows (a batch of 1000 asset changes is one round trip). Services use the typed `EventPublisher`; this
 * is the mechanism underneath, exported for the messaging tests and benchmarks.
 */
export async function writeOutboxEvents<TPayload>(
  manager: EntityManager,
  topic: string,
  inputs: readonly PublishInput<TPayload>[],
): Promise<EventEnvelope<TPayload>[]> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(`publishing to ${topic} must run inside a transaction`);
  }
  if (inputs.length === 0) return [];
  return inSpan(`outbox write ${topic}`, { attributes: { 'messaging.batch.message_count': inputs.length } }, () =>
    insertOutboxEvents(manager, topic, inputs),
  );
}

async function insertOutboxEvents<TPayload>(
  manager: EntityManager,
  topic: string,
  inputs: readonly PublishInput<TPayload>[],
): Promise<EventEnvelope<TPayload>[]> {
  const headers = outboxHeaders();
  const occurredAt = new Date().toISOString();
  const envelopes: EventEnvelope<TPayload>[] = [];
  // One JSON document per statement (a text[] of 1000 envelopes costs more to escape than to insert), at most
  // STATEMENT_MAX_CHARS of it: the driver copies a statement's parameters in one synchronous step (40 MB of events
  // held the loop for a second). Serialized on the slice clock: 5000 envelopes in one JSON.stringify held it too.
  // Per-tenant ordering: the key is the organization (account-wide events use the account).
  const insert = (texts: string[]) =>
    manager.query(
      `INSERT INTO outbox (event_id, topic, message_key, envelope, headers)
       SELECT (e->>'eventId')::uuid, $1, coalesce(e->>'organizationId', e->>'accountId', e->>'eventId'), e, $3::jsonb
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS batch(e, position) ORDER BY position`,
      [topic, `[${texts.join(',')}]`, headers],
    );
  const clock = new SliceClock();
  let texts: string[] = [];
  let chars = 0;
  for (const input of inputs) {
    await clock.yieldIfDue();
    const envelope: EventEnvelope<TPayload> = {
      eventId: randomUUID(),
      type: topic,
      occurredAt,
      accountId: input.accountId,
      organizationId: input.organizationId,
      actorId: input.actorId,
      payload: input.payload,
    };
    envelopes.push(envelope);
    const text = JSON.stringify(envelope);
    if (chars > 0 && chars + text.length > STATEMENT_MAX_CHARS) {
      await insert(texts);
      texts = [];
      chars = 0;
    }
    texts.push(text);
    chars += text.length;
  }
  await insert(texts);
  await notifyOutbox(manager);
  return envelopes;
}

/**
 * The headers every event of the current request carries: its request id (for the consumers' logs) and the trace
 * context of the span that wrote it (the relay's send span continues from it).
 */
function outboxHeaders(): string {
  const requestId = currentRequestId();
  return JSON.stringify({ ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}), ...traceHeaders() });
}

/** Wakes the relay after events were written (it reads the outbox once the transaction commits). */
export async function notifyOutbox(manager: EntityManager): Promise<void> {
  await manager.query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
}

/**
 * For writes too large to pass through Node (500,000 tag assignments): the outbox INSERT of one event per row of
 * `payloads`, a relation of the caller's statement with the columns `payload` (jsonb: the topic's payload) and `n`
 * (their order), to put in that statement as a data-modifying CTE. PostgreSQL builds these payloads, so
 * `publishMany`'s schema check never sees them: the caller's tests check them against the topic's schema. Call
 * `notifyOutbox` after the statement.
 */
export function outboxInsertFrom<T extends TopicName>(
  topic: T,
  envelope: Omit<PublishInput<PayloadOf<T>>, 'payload'>,
  payloads: Sql,
): Sql {
  const topicName = sql`${topic}::text`;
  const [organizationId, accountId] = [sql`${envelope.organizationId}::text`, sql`${envelope.accountId}::text`];
  return sql`INSERT INTO outbox (event_id, topic, message_key, envelope, headers)
          SELECT e.event_id, ${topicName}, coalesce(${organizationId}, ${accountId}, e.event_id::text),
                 jsonb_build_object('eventId', e.event_id, 'type', ${topicName},
                                    'occurredAt', ${new Date().toISOString()}::text,
                                    'accountId', ${accountId}, 'organizationId', ${organizationId},
                                    'actorId', ${envelope.actorId}::text, 'payload', e.payload),
                 ${outboxHeaders()}::jsonb
            FROM (SELECT gen_random_uuid() AS event_id, payload, n FROM ${payloads}) e
           ORDER BY e.n`;
}

/** One event: `writeOutboxEvents` with a single input. */
export async function writeOutboxEvent<TPayload>(
  manager: EntityManager,
  topic: string,
  input: PublishInput<TPayload>,
): Promise<EventEnvelope<TPayload>> {
  const [envelope] = await writeOutboxEvents(manager, topic, [input]);
  return envelope;
}

/**
 * Publishes events to the topics of libs/contracts, the payload type bound to the topic. The event is written
 * to the outbox inside the caller's transaction (it exists if and only if the state change commits); the relay
 * publishes it afterwards. A payload its topic's schema refuses throws, rolling the transaction back: consumers
 * would dead-letter it anyway, and the producer's bug surfaces where it happens.
 */
@Injectable()
export class EventPublisher {
  async publish<T extends TopicName>(
    manager: EntityManager,
    topic: T,
    input: PublishInput<PayloadOf<T>>,
  ): Promise<EventEnvelope<PayloadOf<T>>> {
    const problems = validateTopicPayload(topic, input.payload);
    if (problems.length > 0) throw new Error(`invalid payload for ${topic}: ${problems.join('; ')}`);
    return writeOutboxEvent(manager, topic, input);
  }

  /** Many events of one topic in one statement, each checked against the topic's schema first. */
  async publishMany<T extends TopicName>(
    manager: EntityManager,
    topic: T,
    inputs: readonly PublishInput<PayloadOf<T>>[],
  ): Promise<EventEnvelope<PayloadOf<T>>[]> {
    // A slice at a time: 5000 schema checks in one go held the event loop.
    await forEachInSlices(inputs, ENVELOPES_PER_SLICE, (input) => {
      const problems = validateTopicPayload(topic, input.payload);
      if (problems.length > 0) throw new Error(`invalid payload for ${topic}: ${problems.join('; ')}`);
    });
    return writeOutboxEvents(manager, topic, inputs);
  }
}
