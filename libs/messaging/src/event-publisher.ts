import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { EventEnvelope, REQUEST_ID_HEADER, TopicPayloads } from '@infra/contracts';
import { currentRequestId } from '@infra/platform';
import { OUTBOX_CHANNEL } from './outbox-relay';

export type PayloadOf<T extends string> = T extends keyof TopicPayloads ? TopicPayloads[T] : unknown;

export interface PublishInput<T extends string> {
  accountId: string | null;
  organizationId: string | null;
  actorId: string | null;
  payload: PayloadOf<T>;
}

/**
 * Writes events to the outbox inside the caller's transaction: the event exists if and only if the
 * state change commits. The relay publishes it afterwards (NOTIFY wakes it at commit).
 */
@Injectable()
export class EventPublisher {
  async publish<T extends string>(
    manager: EntityManager,
    topic: T,
    input: PublishInput<T>,
  ): Promise<EventEnvelope<PayloadOf<T>>> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`EventPublisher.publish(${topic}) must run inside a transaction`);
    }
    const envelope: EventEnvelope<PayloadOf<T>> = {
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
}
