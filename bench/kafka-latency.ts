// Kafka end-to-end latency: from the commit of a state change (row + outbox event in one transaction) to
// the consumer having applied it (its inbox transaction committed), through the real relay, broker and
// Nest Kafka consumer. Run: `npm run bench:kafka` (EVENTS=1000 RATE=200 by default). Target: p95 < 250 ms.
import 'reflect-metadata';
import { createHarness } from '../libs/messaging/test/messaging-harness';
import { pollUntil, sleep } from '@infra/platform/testing';
import { summarise } from './stats';

async function main(): Promise<void> {
  const events = Number(process.env.EVENTS ?? 1000);
  const rate = Number(process.env.RATE ?? 200); // events per second offered
  const harness = await createHarness();
  try {
    // Warm up connections and the consumer group before measuring.
    const warm = await harness.createWidget('warm-up');
    await pollUntil('warm-up event', () => harness.applied.has(warm.eventId), { timeoutMs: 60_000 });

    const committedAt = new Map<string, number>();
    const started = Date.now();
    for (let i = 0; i < events; i += 1) {
      const event = await harness.createWidget(`bench-${i}`);
      committedAt.set(event.eventId, Date.now());
      const due = started + ((i + 1) * 1000) / rate;
      if (due > Date.now()) await sleep(due - Date.now());
    }
    await pollUntil('every event to be applied', () => [...committedAt.keys()].every((id) => harness.applied.has(id)), {
      timeoutMs: 120_000,
      intervalMs: 100,
    });
    const latencies = [...committedAt].map(([id, at]) => harness.applied.get(id)! - at);
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(`offered ${rate}/s, ${events} events in ${seconds.toFixed(1)} s\n`);
    process.stdout.write(`${summarise('commit -> applied', latencies)}\n`);
  } finally {
    await harness.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
