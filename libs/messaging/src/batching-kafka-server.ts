import { KafkaOptions, ServerKafka } from '@nestjs/microservices';
import type { Consumer, EachBatchPayload, KafkaMessage } from 'kafkajs';
import { EventBatch, inEventBatch, outsideEventBatch } from './event-batch';

/** Most events applied in one transaction: a batch holds its rows' locks and its connection until it commits. */
export const BATCH_MAX_EVENTS = 200;
/** A batch commits at the latest this long after its first event: readers see a busy partition's changes soon. */
export const BATCH_MAX_MS = 250;

/**
 * Nest's Kafka server, consuming a partition's messages in batches (kafkajs `eachBatch`) instead of one at a time:
 * each message still goes to its `@EventPattern` handler as Nest dispatches it (`handleMessage`), but inside an
 * `EventBatch`, so the inbox applies the batch's events in one transaction. Offsets are resolved only once their
 * transaction committed. When an event fails, its batch is rolled back and its messages are handled again one at a
 * time outside any batch: each event then has today's transaction, retries and dead letter of its own.
 */
export class BatchingKafkaServer extends ServerKafka {
  constructor(options: KafkaOptions['options']) {
    super(options ?? {});
  }

  override async bindEvents(consumer: Consumer): Promise<void> {
    const topics = [...this.messageHandlers.keys()];
    if (topics.length > 0) await consumer.subscribe({ ...(this.options.subscribe ?? {}), topics });
    await consumer.run({
      ...(this.options.run ?? {}),
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.handleBatch(payload),
    });
  }

  private async handleBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale } = payload;
    let next = 0;
    while (next < batch.messages.length && isRunning() && !isStale()) {
      const handled = await this.handleChunk(payload, batch.messages.slice(next, next + BATCH_MAX_EVENTS));
      for (const message of handled) resolveOffset(message.offset);
      next += handled.length;
      await heartbeat();
      await commitOffsetsIfNecessary();
    }
  }

  /** Applies the first messages of `messages` in one transaction; returns those it applied (committed). */
  private async handleChunk(payload: EachBatchPayload, messages: KafkaMessage[]): Promise<KafkaMessage[]> {
    const { heartbeat, isRunning, isStale } = payload;
    const eventBatch = new EventBatch();
    const started = performance.now();
    const taken: KafkaMessage[] = [];
    await inEventBatch(eventBatch, async () => {
      for (const message of messages) {
        await this.handleOne(payload, message);
        if (eventBatch.failed) break;
        taken.push(message);
        if (performance.now() - started >= BATCH_MAX_MS || !isRunning() || isStale()) break;
      }
    }).catch(() => {
      // Nest's dispatch itself failed (its handlers' errors never reach here): that message is handled alone below.
      eventBatch.failed = true;
    });
    if (!eventBatch.failed) {
      try {
        await eventBatch.commit();
        return taken;
      } catch {
        // Nothing of the batch is applied: its events are handled alone below.
      }
    }
    await eventBatch.rollback();
    // One at a time up to the one that failed (or, when the commit failed, all that were taken).
    const alone = messages.slice(0, Math.min(messages.length, taken.length + 1));
    await outsideEventBatch(async () => {
      for (const message of alone) {
        await this.handleOne(payload, message);
        await heartbeat();
      }
    });
    return alone;
  }

  private handleOne(payload: EachBatchPayload, message: KafkaMessage): Promise<unknown> {
    return this.handleMessage({
      topic: payload.batch.topic,
      partition: payload.batch.partition,
      message,
      heartbeat: payload.heartbeat,
      pause: payload.pause,
    });
  }
}
