import { Logger } from '@nestjs/common';
import { EventPattern, KafkaContext } from '@nestjs/microservices';
import type { DataSource, EntityManager } from 'typeorm';
import {
  deadLetterTopic,
  EventEnvelope,
  isEventEnvelope,
  PayloadOf,
  REQUEST_ID_HEADER,
  TopicName,
  validateTopicPayload,
} from '@infra/contracts';
import {
  contextFromHeaders,
  inOrganization,
  inSpan,
  isDatabaseUnavailable,
  runWithRequestId,
  SpanKind,
} from '@infra/platform';
import { currentEventBatch, type EventBatch, type EventEffects, TransactionEffects } from './event-batch';
import type { KafkaProducer } from './kafka-producer';
import { clearStalled, inboxEventDelay, inboxEvents, inboxHandlerFailures, markStalled } from './messaging-metrics';
import { isPurged } from './organization-purge';

/** `deferred`: the event's batch failed and is applied again one event at a time (the event then has its outcome). */
export type ConsumeOutcome = 'applied' | 'duplicate' | 'dead-lettered' | 'deferred';

export interface InboxOptions {
  /** Attempts before a message goes to its dead-letter topic. */
  maxAttempts: number;
  /** First retry delay; doubles per attempt. */
  retryDelayMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nest's Kafka deserializer hands over the value already JSON-parsed; raw clients give a Buffer. */
function parseValue(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || Buffer.isBuffer(value)) {
    try {
      return JSON.parse(value.toString());
    } catch {
      return undefined;
    }
  }
  return value;
}

function serialiseValue(value: unknown): string | Buffer | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || Buffer.isBuffer(value)) return value;
  return JSON.stringify(value);
}

const DEAD_LETTER_SEND_ATTEMPTS = 10;
/** The longest wait between two tries of an event while its database is out of reach. */
const DATABASE_WAIT_MAX_MS = 5000;

/** How long after it occurred the event was applied. */
function observeDelay(envelope: EventEnvelope<unknown>, topic: string, consumer: string): void {
  const occurred = Date.parse(envelope.occurredAt);
  if (Number.isFinite(occurred)) inboxEventDelay.observe({ topic, consumer }, (Date.now() - occurred) / 1000);
}

/**
 * Applies one event inside the inbox transaction; a throw rolls it back and the event is retried. What must wait for
 * the commit (queueing a job that reads what the handler wrote), or is cheaper once for a batch's events, goes to
 * `effects`.
 */
export type EventHandler<TPayload> = (
  manager: EntityManager,
  event: EventEnvelope<TPayload>,
  effects: EventEffects,
) => Promise<void>;

export interface ConsumeWith<TPayload> {
  /** Inbox key: one name per projection, stable across releases. */
  consumer: string;
  /** The payload's problems (empty when valid). Invalid payloads are dead-lettered without retries. */
  validate: PayloadCheck<TPayload>;
}

/** A check of a payload, tied to the type it proves (`TPayload`) so the handler's event is typed by it. */
export interface PayloadCheck<TPayload> {
  (payload: unknown): string[];
  readonly __payload?: TPayload;
}

/**
 * Subscribes a controller method to a topic of libs/contracts (a typed `@EventPattern`). The method takes
 * `@Ctx() context: KafkaContext` and hands it to `InboxConsumer.consume` with the same topic.
 */
export function OnEvent<T extends TopicName>(topic: T): MethodDecorator {
  return EventPattern(topic);
}

function headerValue(value: Buffer | string | (Buffer | string)[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined ? undefined : first.toString();
}

/**
 * Applies a Kafka message exactly once per consumer: the handler runs in a transaction that also records
 * (eventId, consumer) in the inbox, so a redelivered event is skipped. A handler that keeps failing is
 * retried a bounded number of times, then the message goes to `<topic>.dlq` and is logged with its event id
 * — it never blocks its partition and is never silently committed. A database out of reach is waited for instead,
 * spending no attempt. A message of a batch (`BatchingKafkaServer`) is applied in its batch's transaction
 * (`EventBatch`); one that fails there fails the batch, which is then applied again one event at a time, each as
 * described here.
 */
export class InboxConsumer {
  private readonly logger = new Logger(InboxConsumer.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: KafkaProducer,
    private readonly options: InboxOptions,
  ) {}

  /**
   * Validates the payload against the topic's schema in libs/contracts, then applies it once. The handler's
   * event is typed by the topic. A message from another topic (a wiring mistake) is dead-lettered too.
   */
  consume<T extends TopicName>(
    context: KafkaContext,
    topic: T,
    consumer: string,
    handler: EventHandler<PayloadOf<T>>,
  ): Promise<ConsumeOutcome> {
    return this.consumeWith(
      context,
      {
        consumer,
        validate: (payload) =>
          context.getTopic() === topic
            ? validateTopicPayload(topic, payload)
            : [`handler of ${topic} received a message of ${context.getTopic()}`],
      },
      handler,
    );
  }

  /** The mechanism under `consume`, for a topic outside libs/contracts (messaging tests and benchmarks). */
  async consumeWith<TPayload>(
    context: KafkaContext,
    { consumer, validate }: ConsumeWith<TPayload>,
    handler: EventHandler<TPayload>,
  ): Promise<ConsumeOutcome> {
    const message = context.getMessage();
    const topic = context.getTopic();
    const requestId = headerValue(message.headers?.[REQUEST_ID_HEADER]);
    const batch = currentEventBatch();
    // The trace continues from the relay's send span (its context is in the headers).
    const parent = contextFromHeaders({
      traceparent: headerValue(message.headers?.traceparent),
      tracestate: headerValue(message.headers?.tracestate),
    });
    const attributes = {
      'messaging.system': 'kafka',
      'messaging.destination.name': topic,
      'messaging.consumer.group.name': consumer,
      'messaging.destination.partition.id': String(context.getPartition()),
      'messaging.kafka.offset': Number(message.offset),
    };
    const outcome = await inSpan(`process ${topic}`, { kind: SpanKind.CONSUMER, parent, attributes }, async (span) => {
      const outcome = await this.consumeInSpan(context, { consumer, validate }, handler, requestId, batch);
      span.setAttribute('outcome', outcome);
      return outcome;
    });
    if (outcome === 'deferred') return outcome;
    const count = () => inboxEvents.inc({ topic, consumer, outcome: outcome.replace('-', '_') });
    // Counted once the batch has committed it (a failed batch's events are counted when applied alone).
    if (batch && outcome !== 'dead-lettered') batch.effects.afterCommit(`counted ${consumer} ${message.offset}`, count);
    else count();
    return outcome;
  }

  private consumeInSpan<TPayload>(
    context: KafkaContext,
    { consumer, validate }: ConsumeWith<TPayload>,
    handler: EventHandler<TPayload>,
    requestId: string | undefined,
    batch: EventBatch | undefined,
  ): Promise<ConsumeOutcome> {
    const message = context.getMessage();
    const topic = context.getTopic();
    return runWithRequestId(requestId, async (): Promise<ConsumeOutcome> => {
      const envelope = parseValue(message.value);
      if (!isEventEnvelope(envelope)) {
        await this.deadLetter(context, consumer, 'malformed envelope', undefined, 0);
        return 'dead-lettered';
      }
      // Input that can never succeed is not retried: it would only delay its partition.
      const problems = validate(envelope.payload);
      if (problems.length > 0) {
        await this.deadLetter(context, consumer, `invalid payload: ${problems.join('; ')}`, envelope.eventId, 0);
        return 'dead-lettered';
      }
      // The handler sees the rows of the event's organization only (row-level security), or on identity's wall its
      // account's; none for account events elsewhere.
      return inOrganization(
        envelope.organizationId ?? null,
        () =>
          batch
            ? this.applyInBatch(batch, consumer, envelope as EventEnvelope<TPayload>, handler, topic)
            : this.apply(context, consumer, envelope as EventEnvelope<TPayload>, handler, topic),
        envelope.accountId ?? null,
      );
    });
  }

  /** One attempt in the batch's transaction; a failure marks the batch failed (its events are then applied alone). */
  private async applyInBatch<TPayload>(
    batch: EventBatch,
    consumer: string,
    envelope: EventEnvelope<TPayload>,
    handler: EventHandler<TPayload>,
    topic: string,
  ): Promise<ConsumeOutcome> {
    if (batch.failed) return 'deferred';
    try {
      const applied = await batch.inTransaction(this.dataSource, (manager) =>
        this.applyOnce(manager, consumer, envelope, handler, topic, batch.effects, batch.notPurged),
      );
      if (applied)
        batch.effects.afterCommit(`delay ${consumer} ${envelope.eventId}`, () =>
          observeDelay(envelope, topic, consumer),
        );
      return applied ? 'applied' : 'duplicate';
    } catch (error) {
      batch.failed = true;
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(
        { eventId: envelope.eventId, topic, consumer },
        `event handler failed in a batch (its events are applied again one at a time): ${reason}`,
      );
      return 'deferred';
    }
  }

  /** The inbox row, then the handler, in `manager`'s transaction; false when the event was applied before. */
  private async applyOnce<TPayload>(
    manager: EntityManager,
    consumer: string,
    envelope: EventEnvelope<TPayload>,
    handler: EventHandler<TPayload>,
    topic: string,
    effects: EventEffects,
    notPurged?: Set<string>,
  ): Promise<boolean> {
    const inserted = (await manager.query(
      `INSERT INTO inbox (event_id, consumer, topic) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [envelope.eventId, consumer, topic],
    )) as unknown[];
    if (inserted.length === 0) return false;
    // An organization purged here (offboarding) stays purged, whatever arrives late about it.
    const organizationId = envelope.organizationId;
    if (organizationId && !notPurged?.has(organizationId)) {
      if (await isPurged(manager, organizationId)) return true;
      notPurged?.add(organizationId);
    }
    await handler(manager, envelope, effects);
    return true;
  }

  private async apply<TPayload>(
    context: KafkaContext,
    consumer: string,
    envelope: EventEnvelope<TPayload>,
    handler: EventHandler<TPayload>,
    topic: string,
  ): Promise<ConsumeOutcome> {
    // Kept when every attempt and the dead letter failed (the message comes again): its stall then keeps growing.
    const message = `${consumer} ${topic}/${context.getPartition()}@${context.getMessage().offset}`;
    const outcome = await this.attempts(context, consumer, envelope, handler, topic, message);
    clearStalled(message);
    if (outcome === 'applied') observeDelay(envelope, topic, consumer);
    return outcome;
  }

  private async attempts<TPayload>(
    context: KafkaContext,
    consumer: string,
    envelope: EventEnvelope<TPayload>,
    handler: EventHandler<TPayload>,
    topic: string,
    message: string,
  ): Promise<ConsumeOutcome> {
    const firstDelayMs = this.options.retryDelayMs ?? 200;
    let lastError: unknown;
    let attempt = 1;
    let outageWaits = 0;
    for (;;) {
      const effects = new TransactionEffects();
      try {
        const applied = await this.dataSource.transaction(async (manager) => {
          const firstTime = await this.applyOnce(manager, consumer, envelope, handler, topic, effects);
          await effects.runBeforeCommit(manager, false);
          return firstTime;
        });
        await effects.runAfterCommit(this.logger);
        return applied ? 'applied' : 'duplicate';
      } catch (error) {
        effects.clear();
        lastError = error;
        inboxHandlerFailures.inc({ topic, consumer });
        markStalled(message);
        const reason = error instanceof Error ? error.message : String(error);
        // A database out of reach (restart, failover) fails every event alike and for longer than the attempts'
        // backoff: the event waits for it, spending none of its attempts, instead of going to the dead-letter topic
        // with its effects lost. Its partition waits too, as nothing could be applied meanwhile.
        const unavailable = isDatabaseUnavailable(error);
        this.logger.warn(
          { eventId: envelope.eventId, topic, consumer, attempt, databaseUnavailable: unavailable },
          `event handler failed: ${reason}`,
        );
        if (!unavailable && attempt >= this.options.maxAttempts) break;
        const delayMs = unavailable
          ? Math.min(firstDelayMs * 2 ** outageWaits++, DATABASE_WAIT_MAX_MS)
          : firstDelayMs * 2 ** (attempt++ - 1);
        await sleep(delayMs);
        await context
          .getHeartbeat()()
          .catch(() => undefined);
      }
    }
    const reason = lastError instanceof Error ? lastError.message : String(lastError);
    await this.deadLetter(context, consumer, reason, envelope.eventId, this.options.maxAttempts);
    return 'dead-lettered';
  }

  private async deadLetter(
    context: KafkaContext,
    consumer: string,
    reason: string,
    eventId: string | undefined,
    attempts: number,
  ): Promise<void> {
    const message = context.getMessage();
    const topic = context.getTopic();
    const target = deadLetterTopic(topic);
    this.logger.error(
      {
        eventId,
        topic,
        consumer,
        attempts,
        partition: context.getPartition(),
        offset: message.offset,
        deadLetterTopic: target,
      },
      `event sent to dead-letter topic: ${reason}`,
    );
    // Keep trying for a while: giving up commits the offset, so the message then survives only in this log.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.producer.send(target, [
          {
            key: serialiseValue(message.key),
            value: serialiseValue(message.value),
            headers: {
              ...message.headers,
              'x-dlq-reason': reason.slice(0, 1000),
              'x-dlq-consumer': consumer,
              'x-dlq-source-topic': topic,
              'x-dlq-source-offset': message.offset,
              'x-dlq-attempts': String(attempts),
            },
          },
        ]);
        return;
      } catch (error) {
        if (attempt >= DEAD_LETTER_SEND_ATTEMPTS) {
          this.logger.fatal(
            { eventId, topic, consumer, offset: message.offset, value: serialiseValue(message.value)?.toString() },
            `could not write to ${target}: ${error instanceof Error ? error.message : String(error)}`,
          );
          throw error;
        }
        await sleep(Math.min(10_000, 500 * 2 ** attempt));
      }
    }
  }
}
