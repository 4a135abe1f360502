import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from '@infra/platform';

/** Events and their outcome here: applied, duplicate (the inbox had it), dead_lettered. */
export const inboxEvents = new Counter({
  name: 'inbox_events_total',
  help: 'Events consumed, by topic, consumer and outcome (applied, duplicate, dead_lettered)',
  labelNames: ['topic', 'consumer', 'outcome'],
  registers: [metricsRegistry],
});

/** Every failed attempt of a handler (a retry counts again): rising without dead letters means retries that succeed. */
export const inboxHandlerFailures = new Counter({
  name: 'inbox_handler_failures_total',
  help: 'Failed attempts of an event handler, by topic and consumer',
  labelNames: ['topic', 'consumer'],
  registers: [metricsRegistry],
});

/** From the producer's commit (the envelope's occurredAt) to the effect committed here: how far behind a read model is. */
export const inboxEventDelay = new Histogram({
  name: 'inbox_event_delay_seconds',
  help: 'From an event occurring to its effect committed by this consumer, by topic and consumer',
  labelNames: ['topic', 'consumer'],
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [metricsRegistry],
});

/** Messages whose handler failed and that still hold their partition (retries, then dead-lettering): since when. */
const stalled = new Map<string, number>();

export function markStalled(message: string, now = Date.now()): void {
  if (!stalled.has(message)) stalled.set(message, now);
}

export function clearStalled(message: string): void {
  stalled.delete(message);
}

/** How long the oldest of them has held its consumer, in seconds; 0 when none. */
export function oldestStallSeconds(now = Date.now()): number {
  let oldest = now;
  for (const since of stalled.values()) oldest = Math.min(oldest, since);
  return (now - oldest) / 1000;
}

/**
 * Past this, a message is stuck rather than retried: the handler's retries and the dead-letter topic's own retries
 * (10 sends, at most 10 s apart) take about 80 s at most. The consumer then reports not ready.
 */
export const CONSUMER_STALLED_AFTER_SECONDS = 120;

export const inboxStalledSeconds = new Gauge({
  name: 'inbox_stalled_seconds',
  help: 'How long the oldest message still in retries or dead-lettering has held its consumer (0: none)',
  registers: [metricsRegistry],
  collect() {
    this.set(oldestStallSeconds());
  },
});

export const outboxPublished = new Counter({
  name: 'outbox_events_published_total',
  help: 'Events the outbox relay published, by topic',
  labelNames: ['topic'],
  registers: [metricsRegistry],
});

export const outboxPublishFailures = new Counter({
  name: 'outbox_publish_failures_total',
  help: 'Relay passes that could not publish (Kafka unreachable or refusing)',
  registers: [metricsRegistry],
});

/** How the process's relay reads its backlog's age (one indexed query), asked when /metrics is scraped. */
let backlogAge: (() => Promise<number>) | undefined;

export function measureOutboxBacklogWith(probe: (() => Promise<number>) | undefined): void {
  backlogAge = probe;
}

/** The backlog's age: grows while Kafka is down, 0 when everything is published. */
export const outboxOldestPending = new Gauge({
  name: 'outbox_oldest_pending_seconds',
  help: 'Age of the oldest event not yet published, measured when scraped (0: none)',
  registers: [metricsRegistry],
  async collect() {
    if (!backlogAge) return;
    try {
      this.set(await backlogAge());
    } catch {
      // The database is out of reach: its own readiness check says so.
    }
  },
});
