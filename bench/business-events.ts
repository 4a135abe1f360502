// Business event impact, end to end (needs the product running: `npm start`; then `npm run bench:business-events`).
// In a fresh account and organization: ASSETS (1000) assets in one collection, 60 days of hourly telemetry (the
// event's 30 days and its 30-day baseline), then RUNS (5) times: `POST business-events` assigned to the collection,
// and polls `GET assets/business-event/impact` until the measured impact is readable. Prints each time and the
// median / worst. Target: under 2 s.
import type {
  BusinessEventDto,
  BusinessEventImpactResponse,
  CollectionDetailDto,
  TelemetryIngestResponse,
  UpsertAssetsResponse,
} from '@infra/contracts';
import { api, freshOrganization } from './bench-client';
import { percentile } from './stats';

const ASSETS = Number(process.env.ASSETS ?? 1000);
const RUNS = Number(process.env.RUNS ?? 5);
const DAYS = 30;
const TARGET_MS = 2000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const PER_CALL = 50_000;

async function main(): Promise<void> {
  const { run } = await freshOrganization();
  const assetIds: string[] = [];
  for (let start = 0; start < ASSETS; start += 1000) {
    const assets = Array.from({ length: Math.min(1000, ASSETS - start) }, (_, n) => {
      const externalId = `i-event-bench-${run}-${start + n}`;
      return { externalId, name: externalId, cpu_cores: 2, cpu_speed: 2.5, current_generation: true };
    });
    assetIds.push(...(await api<UpsertAssetsResponse>('PUT', 'assets', { assets })).results.map((result) => result.id));
  }
  const collection = await api<CollectionDetailDto>('POST', 'collections', { name: `events-${run}`, assetIds });

  // The event: the 30 whole days ending at today's midnight (UTC); its baseline: the 30 days before.
  const end = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const start = end - DAYS * DAY_MS;
  const hours = 2 * DAYS * 24;
  const samples = assetIds.flatMap((assetId, a) =>
    Array.from({ length: hours }, (_, h) => ({
      assetId,
      hour: new Date(end - (h + 1) * HOUR_MS).toISOString(),
      // Busier during the event than before it.
      cpuUtil: h < DAYS * 24 ? 40 + ((a + h) % 20) : 20 + ((a + h) % 20),
      cost: 0.1,
    })),
  );
  // The assets reach analytics through inventory's events: the first call is repeated until every asset is known.
  const first = samples.slice(0, PER_CALL);
  for (
    let attempt = 0;
    (await api<TelemetryIngestResponse>('POST', 'telemetry', { samples: first })).accepted < first.length;
    attempt++
  ) {
    if (attempt > 600) throw new Error('analytics never learned the assets');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (let offset = PER_CALL; offset < samples.length; offset += PER_CALL)
    await api<TelemetryIngestResponse>('POST', 'telemetry', { samples: samples.slice(offset, offset + PER_CALL) });
  process.stdout.write(`loaded ${samples.length} samples of ${ASSETS} assets over ${2 * DAYS} days\n`);
  // Let the rollups of the load settle before timing (they would otherwise queue behind it).
  await new Promise((resolve) => setTimeout(resolve, 15_000));

  const times: number[] = [];
  for (let n = 0; n < RUNS; n++) {
    const started = performance.now();
    const event = await api<BusinessEventDto>('POST', 'business-events', {
      name: `bench-${run}-${n}`,
      startDate: new Date(start).toISOString(),
      endDate: new Date(end).toISOString(),
      assignment: { collectionIds: [collection.id], tagIds: [], assetIds: [] },
    });
    let impact: BusinessEventImpactResponse | undefined;
    for (;;) {
      impact = await api<BusinessEventImpactResponse>(
        'GET',
        `assets/business-event/impact?businessEventId=${event.id}`,
      ).catch(() => undefined);
      if (impact?.measured) break;
      if (performance.now() - started > 60_000) throw new Error('the impact was never measured');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const ms = performance.now() - started;
    times.push(ms);
    const { workloadHours, cost } = impact.measured!;
    process.stdout.write(
      `run ${n + 1}: ${ms.toFixed(0)} ms to a readable impact (${impact.assets.length} assets; workload-hours ` +
        `${workloadHours.baseline} → ${workloadHours.during} (${workloadHours.changePercent} %), cost ${cost.baseline} → ${cost.during})\n`,
    );
  }
  const worst = Math.max(...times);
  process.stdout.write(
    `POST business-events → measured impact readable (${ASSETS}-asset collection, ${DAYS} days): median ` +
      `${percentile(
        [...times].sort((x, y) => x - y),
        50,
      ).toFixed(0)} ms, worst ${worst.toFixed(0)} ms (target ${TARGET_MS} ms: ` +
      `${worst < TARGET_MS ? 'met' : 'MISSED'})\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
