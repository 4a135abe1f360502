import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { EventEnvelope, PayloadOf, REQUEST_ID_HEADER, TopicName, validateTopicPayload } from '@infra/contracts';
import { currentRequestId } from '@infra/platform';
import { OUTBOX_CHANNEL } from './outbox-relay';

export interface PublishInput<TPayload> {
  accountId: string | null;
  organizationId: string | null;
  actorId: string | null;
  payload: TPayload;
}

/**
 * Writes one event to the outbox inside the caller's transaction, for any topic and payload. Services use the
 * typed `EventPublisher`; this is the mechanism underneath, exported for the messaging tests and benchmarks.
 */
export async function writeOutboxEvent<TPayload>(
  manager: EntityManager,
  topic: string,
  input: PublishInput<TPayload>,
): Promise<EventEnvelope<TPayload>> {
  if (!manager.queryRunner?.isTransactionActive) {
    throw new Error(`publishing to ${topic} must run inside a transaction`);
  }
  const envelope: EventEnvelope<TPayload> = {
    eventId: randomUUID(),
    type: topic,
    occurredAt: new Date().toISOString(),
    accountId: input.accountId,
    organizationId: input.organizationId,
    actorId: input.actorId,
    payload: input.payload,
  };
  const requestId = currentRequestId();
  // Per-tenant ordering: the key is the organization (account-wide events use the account).
  const key = input.organizationId ?? input.accountId ?? envelope.eventId;
  await manager.query(
    `INSERT INTO outbox (event_id, topic, message_key, envelope, headers) VALUES ($1, $2, $3, $4, $5)`,
    [
      envelope.eventId,
      topic,
      key,
      JSON.stringify(envelope),
      JSON.stringify(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
    ],
  );
  await manager.query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
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
}
