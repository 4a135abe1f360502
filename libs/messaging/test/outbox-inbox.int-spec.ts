// Against the real Kafka broker (KAFKA_BROKERS) and PostgreSQL: the outbox publishes exactly what committed,
// the inbox applies each event once, and a poison message goes to the dead-letter topic without blocking.
import { Kafka, logLevel } from 'kafkajs';
import { deadLetterTopic } from '@infra/contracts';
import { kafkaSettingsForTests, pollUntil } from '@infra/platform/testing';
import { metricsRegistry } from '@infra/platform';
import { oldestStallSeconds } from '../src/messaging-metrics';
import { createHarness, Harness } from './messaging-harness';

jest.setTimeout(90_000);

describe('transactional outbox and idempotent inbox (real Kafka)', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await createHarness({ maxAttempts: 3 });
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('publishes a committed state change and the consumer applies it once', async () => {
    const event = await harness.createWidget('first');
    await pollUntil('the event to be applied', async () => (await harness.appliedCount(event.eventId)) === 1);
    const [row] = (await harness.dataSource.query('SELECT published_at FROM outbox WHERE event_id = $1', [
      event.eventId,
    ])) as {
      published_at: Date | null;
    }[];
    expect(row.published_at).not.toBeNull();
  });

  it('publishes a backlog larger than the broker takes in one request, in several sends', async () => {
    // 12 events of 150 KB committed together: 1.8 MB for one topic and key, over the broker's 1 MiB limit.
    const events = await harness.createWidgets(Array.from({ length: 12 }, (_, i) => `${i}-${'x'.repeat(150_000)}`));
    for (const event of events)
      await pollUntil('every large event to be applied', async () => (await harness.appliedCount(event.eventId)) === 1);
  });

  it('reads a backlog larger than one batch takes (4 MiB) in several batches, every event once', async () => {
    // 30 events of 200 KB committed together: 6 MB, cut by the relay's byte budget, not its count of 500.
    const events = await harness.createWidgets(Array.from({ length: 30 }, (_, i) => `${i}-${'z'.repeat(200_000)}`));
    for (const event of events)
      await pollUntil(
        'every event of the backlog to be applied',
        async () => (await harness.appliedCount(event.eventId)) === 1,
      );
  });

  it("publishes an event larger than the broker's default message limit (1 MiB)", async () => {
    const [event] = await harness.createWidgets([`big-${'y'.repeat(1_500_000)}`]);
    await pollUntil('the 1.5 MB event to be applied', async () => (await harness.appliedCount(event.eventId)) === 1);
  });

  it('never publishes the event of a rolled-back transaction', async () => {
    await expect(harness.createWidget('ghost', { fail: true })).rejects.toThrow('rolled back on purpose');
    const rolledBackEventId = harness.lastWrittenEventId() ?? '';
    expect(rolledBackEventId).not.toBe('');
    // A later committed event proves the relay and consumer ran past the point where the ghost would be.
    const marker = await harness.createWidget('marker');
    await pollUntil('the marker to be applied', async () => (await harness.appliedCount(marker.eventId)) === 1);
    expect(await harness.appliedCount(rolledBackEventId)).toBe(0);
    expect(
      await harness.dataSource.query('SELECT 1 FROM outbox WHERE event_id = $1', [rolledBackEventId]),
    ).toHaveLength(0);
    expect(await harness.dataSource.query(`SELECT 1 FROM widgets WHERE name = 'ghost'`)).toHaveLength(0);
    expect(harness.applied.has(rolledBackEventId)).toBe(false);
  });

  it('applies a duplicate delivery once', async () => {
    const event = await harness.createWidget('duplicated');
    await pollUntil('the original delivery', async () => (await harness.appliedCount(event.eventId)) === 1);
    const [row] = (await harness.dataSource.query('SELECT message_key, envelope FROM outbox WHERE event_id = $1', [
      event.eventId,
    ])) as { message_key: string; envelope: unknown }[];
    // Redeliver the very same message twice, as Kafka does after a consumer crash or a relay retry.
    for (let i = 0; i < 2; i += 1) {
      await harness.producer.send(harness.topic, [{ key: row.message_key, value: JSON.stringify(row.envelope) }]);
    }
    const marker = await harness.createWidget('after-duplicates');
    await pollUntil('the marker after the duplicates', async () => (await harness.appliedCount(marker.eventId)) === 1);
    // Same key, same partition: the duplicates were consumed before the marker.
    expect(await harness.appliedCount(event.eventId)).toBe(1);
    const inbox = (await harness.dataSource.query('SELECT count(*)::int AS count FROM inbox WHERE event_id = $1', [
      event.eventId,
    ])) as {
      count: number;
    }[];
    expect(inbox[0].count).toBe(1);
  });

  /** Reads the dead-letter topic of the harness's topic from the start, with a fresh group. */
  async function readDeadLetters() {
    const dlqConsumer = new Kafka({ ...kafkaSettingsForTests('dlq-reader'), logLevel: logLevel.NOTHING }).consumer({
      groupId: `dlq-reader-${Date.now()}`,
      sessionTimeout: 6000,
      heartbeatInterval: 1000,
      maxWaitTimeInMs: 250,
    });
    const messages: { eventId: string; reason: string; consumer: string; attempts: string }[] = [];
    await dlqConsumer.connect();
    await dlqConsumer.subscribe({ topic: deadLetterTopic(harness.topic), fromBeginning: true });
    await dlqConsumer.run({
      eachMessage: async ({ message }) => {
        messages.push({
          eventId: (JSON.parse(message.value?.toString() ?? '{}') as { eventId: string }).eventId,
          reason: message.headers?.['x-dlq-reason']?.toString() ?? '',
          consumer: message.headers?.['x-dlq-consumer']?.toString() ?? '',
          attempts: message.headers?.['x-dlq-attempts']?.toString() ?? '',
        });
      },
    });
    return { messages, stop: () => dlqConsumer.disconnect() };
  }

  it('sends a message that keeps failing to the dead-letter topic after bounded retries, and keeps consuming', async () => {
    const deadLetters = await readDeadLetters();
    const counted = async () => {
      const metrics = await metricsRegistry.getMetricsAsJSON();
      const total = (name: string, labels: Record<string, string>) =>
        metrics
          .find((metric) => metric.name === name)
          ?.values.filter((value) => Object.entries(labels).every(([key, label]) => value.labels[key] === label))
          .reduce((sum, value) => sum + value.value, 0) ?? 0;
      return {
        deadLettered: total('inbox_events_total', { consumer: 'widget-projection', outcome: 'dead_lettered' }),
        failures: total('inbox_handler_failures_total', { consumer: 'widget-projection' }),
      };
    };
    const before = await counted();
    try {
      const poison = await harness.createWidget('poison', { poison: true });
      const next = await harness.createWidget('after-poison');
      const dead = await pollUntil('the poison message on the dead-letter topic', () =>
        deadLetters.messages.find((message) => message.eventId === poison.eventId),
      );
      expect(dead.reason).toContain('cannot project widget');
      expect(dead.consumer).toBe('widget-projection');
      expect(dead.attempts).toBe('3');
      // Its batch's try (which fails the batch), then three attempts alone.
      expect(harness.handlerCalls.get(poison.eventId)).toBe(1 + 3);
      await pollUntil('the next message to be applied', async () => (await harness.appliedCount(next.eventId)) === 1);
      // What an operator sees on /metrics: three failed attempts, one dead letter, and nothing left stalled.
      const after = await counted();
      expect([after.failures - before.failures, after.deadLettered - before.deadLettered]).toEqual([3, 1]);
      expect(oldestStallSeconds()).toBe(0);
      expect(await harness.appliedCount(poison.eventId)).toBe(0);
      // The failed attempts rolled back their inbox rows: a fixed consumer could still replay it from the DLQ.
      expect(await harness.dataSource.query('SELECT 1 FROM inbox WHERE event_id = $1', [poison.eventId])).toHaveLength(
        0,
      );
    } finally {
      await deadLetters.stop();
    }
  });

  it('waits for a database out of reach without spending attempts: the event is applied, not dead-lettered', async () => {
    const deadLetters = await readDeadLetters();
    try {
      // Six failed tries, twice the attempts a failing handler gets: a restart or failover, not a poison event.
      const waited = await harness.createWidget('outage', { unreachableTries: 6 });
      const next = await harness.createWidget('after-outage');
      await pollUntil('the event to be applied', async () => (await harness.appliedCount(waited.eventId)) === 1);
      await pollUntil('the next one too', async () => (await harness.appliedCount(next.eventId)) === 1);
      expect(harness.handlerCalls.get(waited.eventId)).toBe(6 + 1);
      expect(deadLetters.messages.find((message) => message.eventId === waited.eventId)).toBeUndefined();
      expect(oldestStallSeconds()).toBe(0);
    } finally {
      await deadLetters.stop();
    }
  });

  it("applies a partition's backlog in a few transactions, not one per event", async () => {
    const names = Array.from({ length: 40 }, (_, index) => `batched-${index}`);
    const events = await harness.createWidgets(names);
    const ids = events.map((event) => event.eventId);
    await pollUntil('the batch to be applied', async () => {
      const [{ count }] = (await harness.dataSource.query(
        'SELECT count(*)::int AS count FROM applied_widgets WHERE event_id = ANY($1)',
        [ids],
      )) as { count: number }[];
      return count === names.length;
    });
    // xmin: the transaction that wrote the row. One send of 40 events arrives as one batch of one partition.
    const [{ transactions }] = (await harness.dataSource.query(
      'SELECT count(DISTINCT xmin::text)::int AS transactions FROM applied_widgets WHERE event_id = ANY($1)',
      [ids],
    )) as { transactions: number }[];
    expect(transactions).toBeLessThanOrEqual(4);
    expect(ids.map((id) => harness.applied.has(id))).toEqual(ids.map(() => true));
  });

  it('dead-letters a poison event of a batch alone: every other event of its batch is applied once', async () => {
    const deadLetters = await readDeadLetters();
    try {
      const names = Array.from({ length: 10 }, (_, index) => `neighbour-${index}`);
      const events = await harness.createWidgets(names, ['neighbour-5']);
      const poison = events[5]!;
      await pollUntil('the poison event on the dead-letter topic', () =>
        deadLetters.messages.find((message) => message.eventId === poison.eventId),
      );
      const others = events.filter((event) => event !== poison);
      await pollUntil('every other event to be applied', async () => {
        const counts = await Promise.all(others.map((event) => harness.appliedCount(event.eventId)));
        return counts.every((count) => count === 1);
      });
      expect(await harness.appliedCount(poison.eventId)).toBe(0);
      // The batch was rolled back at the poison event and the events up to it applied again alone: each once.
      const [{ rows }] = (await harness.dataSource.query(
        'SELECT count(*)::int AS rows FROM applied_widgets WHERE event_id = ANY($1)',
        [others.map((event) => event.eventId)],
      )) as { rows: number }[];
      expect(rows).toBe(others.length);
    } finally {
      await deadLetters.stop();
    }
  });

  it('dead-letters a payload that fails validation at once: no handler call, no retry', async () => {
    const deadLetters = await readDeadLetters();
    try {
      const invalid = await harness.publishRaw({ widgetId: 'not-a-uuid', name: 42 });
      const next = await harness.createWidget('after-invalid');
      const dead = await pollUntil('the invalid message on the dead-letter topic', () =>
        deadLetters.messages.find((message) => message.eventId === invalid.eventId),
      );
      expect(dead.reason).toBe(
        'invalid payload: widgetId: expected a UUID, got string; name: expected a string of 1-2000000 characters, got number',
      );
      expect(dead.attempts).toBe('0');
      await pollUntil('the next message to be applied', async () => (await harness.appliedCount(next.eventId)) === 1);
      expect(harness.handlerCalls.has(invalid.eventId)).toBe(false);
      expect(await harness.dataSource.query('SELECT 1 FROM inbox WHERE event_id = $1', [invalid.eventId])).toHaveLength(
        0,
      );
    } finally {
      await deadLetters.stop();
    }
  });
});
