import { Logger } from '@nestjs/common';
import { context, trace, type Span } from '@opentelemetry/api';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import type { KafkaProducer } from './kafka-producer';
import { contextFromHeaders, failSpan, SpanKind, traceHeaders, tracer } from '@infra/platform';
import { measureOutboxBacklogWith, outboxPublished, outboxPublishFailures } from './messaging-metrics';

export const OUTBOX_CHANNEL = 'outbox_events';
const RELAY_LOCK_KEY = 0x6f757462; // "outb": one active relay per database keeps per-key order
const BATCH_SIZE = 500;
/** Most bytes of envelopes read in one batch (500 events of 400 KB each would be 200 MB in memory at once). */
const BATCH_MAX_BYTES = 4 * 1024 * 1024;
/**
 * Most bytes of message values in one send. The broker refuses a record batch over `message.max.bytes` (1 MiB by
 * default) and the relay would retry that batch forever, holding back every event behind it. kafkajs encodes a
 * send in one synchronous step (copies and a CRC in JavaScript): 512 KiB held the event loop for 70–200 ms.
 */
const SEND_MAX_BYTES = 128 * 1024;
/**
 * Most messages in one send: kafkajs's cost is per message too (buffers, a 64-bit varint and a partitioner hash
 * each): 600 small events of 128 KiB held the loop for 50–150 ms.
 */
const SEND_MAX_MESSAGES = 100;

/**
 * Consecutive runs of `rows` whose values add up to at most `maxBytes`, and of at most `maxRows` rows (a larger
 * single row goes alone).
 */
export function bySize<T>(
  rows: T[],
  sizeOf: (row: T) => number,
  maxBytes = SEND_MAX_BYTES,
  maxRows = SEND_MAX_MESSAGES,
): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = sizeOf(row);
    if (current.length > 0 && (bytes + size > maxBytes || current.length === maxRows)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * The trace's hop through Kafka: one send span per trace among the messages (the events of one statement share
 * one), child of the span that wrote them, and each message's headers then name its send span for the consumer.
 */
function startSendSpans(topic: string, messages: { headers: Record<string, string> }[]): Span[] {
  const spans = new Map<string, { span: Span; headers: Record<string, string>; count: number }>();
  for (const message of messages) {
    const writer = message.headers.traceparent;
    if (!writer) continue;
    let send = spans.get(writer);
    if (!send) {
      const span = tracer.startSpan(
        `send ${topic}`,
        { kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'kafka', 'messaging.destination.name': topic } },
        contextFromHeaders(message.headers),
      );
      send = { span, headers: traceHeaders(trace.setSpan(context.active(), span)), count: 0 };
      spans.set(writer, send);
    }
    send.count += 1;
    message.headers = { ...message.headers, ...send.headers };
  }
  return [...spans.values()].map(({ span, count }) => span.setAttribute('messaging.batch.message_count', count));
}

interface OutboxRow {
  id: string;
  topic: string;
  message_key: string;
  /** The envelope's JSON as stored: sent as it is, never parsed and serialized again. */
  envelope: string;
  headers: Record<string, string>;
}

export interface OutboxRelayOptions {
  /** Fallback poll when no NOTIFY arrives (missed notification, another replica's rows). */
  pollIntervalMs?: number;
  /** Published rows are kept this long for inspection, then deleted. */
  retentionHours?: number;
}

/**
 * Publishes outbox rows to Kafka in id order and marks them published in the same transaction that
 * locked them. If Kafka is down the transaction rolls back and the rows wait; a crash after send but
 * before commit re-sends, which consumers' inboxes absorb.
 */
export class OutboxRelay {
  private readonly logger = new Logger(OutboxRelay.name);
  private listener: Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private failures = 0;
  private lastCleanup = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly producer: KafkaProducer,
    private readonly options: OutboxRelayOptions = {},
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    measureOutboxBacklogWith(() => this.oldestPendingSeconds());
    await this.listen();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    measureOutboxBacklogWith(undefined);
    clearTimeout(this.timer);
    await this.running;
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
  }

  /** Publishes everything pending now; resolves when the outbox was drained (or a send failed). */
  trigger(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drainLoop().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.trigger().finally(() => this.schedule(this.nextDelay()));
    }, delayMs);
  }

  private nextDelay(): number {
    const poll = this.options.pollIntervalMs ?? 1000;
    // Back off while Kafka is unreachable: 0.5 s, 1 s, 2 s … capped at 10 s.
    return this.failures === 0 ? poll : Math.min(10_000, 250 * 2 ** this.failures);
  }

  private async listen(): Promise<void> {
    const options = this.dataSource.options as PostgresConnectionOptions;
    const client = new Client({
      host: options.host,
      port: options.port,
      user: options.username,
      password: typeof options.password === 'string' ? options.password : undefined,
      database: options.database,
    });
    client.on('notification', () => {
      if (this.failures === 0) void this.trigger();
    });
    client.on('error', (error) => {
      this.logger.warn(`outbox listener lost: ${error.message}; relying on polling until it reconnects`);
      this.listener = undefined;
      void client.end().catch(() => undefined);
      this.relisten();
    });
    await client.connect();
    await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    this.listener = client;
  }

  /** Re-subscribes every 2 s until it works (the poll keeps events flowing meanwhile). */
  private relisten(): void {
    if (this.stopped) return;
    setTimeout(() => {
      if (this.stopped || this.listener) return;
      this.listen().catch(() => this.relisten());
    }, 2000).unref();
  }

  private async drainLoop(): Promise<void> {
    do {
      this.again = false;
      let published: number;
      try {
        published = await this.publishBatch();
        if (this.failures > 0) this.logger.log('Kafka reachable again; outbox relay resumed');
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        outboxPublishFailures.inc();
        if (this.failures === 1 || this.failures % 10 === 0) {
          this.logger.warn(
            `outbox relay cannot publish (attempt ${this.failures}): ${error instanceof Error ? error.message : String(error)}`,
          );
        }
        return;
      }
      // A batch cut by count or by bytes may have left events behind: look again until one comes back empty.
      if (published > 0) this.again = true;
    } while (this.again && !this.stopped);
    await this.cleanup();
  }

  /** The oldest unpublished event's age in seconds, 0 when none (the partial index on unpublished ids finds it). */
  private async oldestPendingSeconds(): Promise<number> {
    const [oldest] = (await this.dataSource.query(
      `SELECT extract(epoch FROM now() - created_at)::float8 AS age FROM outbox
        WHERE published_at IS NULL ORDER BY id LIMIT 1`,
    )) as { age: number }[];
    return Math.max(0, oldest?.age ?? 0);
  }

  private async publishBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = (await manager.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [
        RELAY_LOCK_KEY,
      ])) as {
        locked: boolean;
      }[];
      if (!locked) return 0;
      // The oldest events, up to BATCH_SIZE of them and BATCH_MAX_BYTES (the first one whatever its size).
      const rows = (await manager.query(
        `SELECT id, topic, message_key, envelope, headers FROM (
           SELECT id, topic, message_key, envelope::text AS envelope, headers,
                  sum(octet_length(envelope::text)) OVER (ORDER BY id) AS running
             FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT $1) AS batch
          WHERE running - octet_length(envelope) < $2
          ORDER BY id`,
        [BATCH_SIZE, BATCH_MAX_BYTES],
      )) as OutboxRow[];
      if (rows.length === 0) return 0;
      const byTopic = new Map<string, OutboxRow[]>();
      for (const row of rows) {
        const topicRows = byTopic.get(row.topic);
        if (topicRows) topicRows.push(row);
        else byTopic.set(row.topic, [row]);
      }
      for (const [topic, topicRows] of byTopic) {
        const messages = topicRows.map((row) => ({ key: row.message_key, value: row.envelope, headers: row.headers }));
        for (const chunk of bySize(messages, (message) => Buffer.byteLength(message.value))) {
          const spans = startSendSpans(topic, chunk);
          try {
            await this.producer.send(topic, chunk);
          } catch (error) {
            for (const span of spans) failSpan(span, error);
            throw error;
          } finally {
            for (const span of spans) span.end();
          }
          outboxPublished.inc({ topic }, chunk.length);
        }
      }
      await manager.query('UPDATE outbox SET published_at = now() WHERE id = ANY($1::bigint[])', [
        rows.map((row) => row.id),
      ]);
      return rows.length;
    });
  }

  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 3_600_000) return;
    this.lastCleanup = Date.now();
    const hours = this.options.retentionHours ?? 168;
    await this.dataSource
      .query(`DELETE FROM outbox WHERE published_at < now() - make_interval(hours => $1)`, [hours])
      .catch((error: Error) => this.logger.warn(`outbox cleanup failed: ${error.message}`));
  }
}
