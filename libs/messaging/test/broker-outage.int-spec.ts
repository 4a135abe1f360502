// With the broker stopped, state changes still commit and their events wait in the outbox; once the
// broker is back every event is delivered, and applied exactly once. Runs its own broker so stopping it
// disturbs no one (KAFKA_OUTAGE_PORT, default 29092).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pollUntil } from '@infra/platform/testing';
import { createHarness, Harness } from './messaging-harness';

jest.setTimeout(240_000);

const port = Number(process.env.KAFKA_OUTAGE_PORT ?? 29092);
const script = path.resolve(__dirname, '../../../deploy/scripts/kafka-broker.mjs');
const broker = (command: 'start' | 'stop') =>
  execFileSync('node', [script, command, String(port)], { stdio: 'inherit' });
const EVENTS_DURING_OUTAGE = Number(process.env.OUTAGE_EVENTS ?? 25);

describe('broker outage (real Kafka, stopped and restarted)', () => {
  let harness: Harness;

  beforeAll(async () => {
    broker('start');
    harness = await createHarness({ port });
  });

  afterAll(async () => {
    await harness?.close();
    broker('stop');
  });

  it('commits while Kafka is down, keeps the events in the outbox, and delivers them all once it is back', async () => {
    const before = await harness.createWidget('before-outage');
    await pollUntil('delivery before the outage', async () => (await harness.appliedCount(before.eventId)) === 1);

    broker('stop');
    const during: { eventId: string }[] = [];
    for (let i = 0; i < EVENTS_DURING_OUTAGE; i += 1) during.push(await harness.createWidget(`during-outage-${i}`));
    const widgets = (await harness.dataSource.query(
      `SELECT count(*)::int AS count FROM widgets WHERE name LIKE 'during-outage-%'`,
    )) as {
      count: number;
    }[];
    expect(widgets[0].count).toBe(EVENTS_DURING_OUTAGE);
    await harness.relay.trigger();
    const pending = (await harness.dataSource.query(
      'SELECT count(*)::int AS count FROM outbox WHERE published_at IS NULL',
    )) as {
      count: number;
    }[];
    expect(pending[0].count).toBe(EVENTS_DURING_OUTAGE);

    broker('start');
    await pollUntil(
      'every event written during the outage to be applied',
      async () => {
        const counts = await Promise.all(during.map((event) => harness.appliedCount(event.eventId)));
        return counts.every((count) => count === 1) ? counts : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 500 },
    );
    const [{ total }] = (await harness.dataSource.query(
      `SELECT count(*)::int AS total FROM applied_widgets WHERE name LIKE 'during-outage-%'`,
    )) as { total: number }[];
    expect(total).toBe(EVENTS_DURING_OUTAGE);
    const [{ unpublished }] = (await harness.dataSource.query(
      'SELECT count(*)::int AS unpublished FROM outbox WHERE published_at IS NULL',
    )) as { unpublished: number }[];
    expect(unpublished).toBe(0);
  });
});
