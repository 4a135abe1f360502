// Telemetry ingest through the gateway (needs the product running: `npm start`; then
// `npm run bench:telemetry-ingest`). In a fresh account and organization (the demo data is left alone): ASSETS (1000)
// assets, HOURS (300) hours each, sent as JSON in calls of 50,000 samples by CLIENTS (1) clients at once; prints
// samples/s per call and overall, then how long after the last call the rollups held every sample (read from the
// analytics database, DATABASE_URL) and the rate counted to that moment. The bodies are serialized before the clock
// starts: a collector does that on its own machine, not on the product's.
// Target: >= 100,000 samples/s. BASE_URL (http://localhost:8080), ASSETS, HOURS, CLIENTS.
import { Client } from 'pg';
import type { TelemetryIngestResponse, UpsertAssetsResponse } from '@infra/contracts';
import { api, apiJsonText, freshOrganization } from './bench-client';

const ASSETS = Number(process.env.ASSETS ?? 1000);
const HOURS = Number(process.env.HOURS ?? 300);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/infra_analytics';
const CLIENTS = Number(process.env.CLIENTS ?? 1);
const PER_CALL = 50_000;
const TARGET_PER_SECOND = 100_000;
const HOUR_MS = 3_600_000;

async function main(): Promise<void> {
  const { run, organizationId } = await freshOrganization();

  const assetIds: string[] = [];
  for (let start = 0; start < ASSETS; start += 1000) {
    const assets = Array.from({ length: Math.min(1000, ASSETS - start) }, (_, n) => {
      const externalId = `i-tel-bench-${run}-${start + n}`;
      return { externalId, name: externalId };
    });
    assetIds.push(...(await api<UpsertAssetsResponse>('PUT', 'assets', { assets })).results.map((result) => result.id));
  }
  // The assets reach analytics through inventory's events: wait until the last one is known.
  const lastHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const probe = {
    samples: assetIds.map((assetId) => ({ assetId, hour: new Date(lastHour).toISOString(), cpuUtil: 1 })),
  };
  for (let attempt = 0; (await api<TelemetryIngestResponse>('POST', 'telemetry', probe)).accepted < ASSETS; attempt++) {
    if (attempt > 600) throw new Error('analytics never learned the assets');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const samples = assetIds.flatMap((assetId, a) =>
    Array.from({ length: HOURS }, (_, h) => ({
      assetId,
      hour: new Date(lastHour - (h + 1) * HOUR_MS).toISOString(),
      cpuUtil: (a + h) % 100,
      memUtil: (a * 7 + h) % 100,
      networkInBytes: a * 1000 + h,
      cost: 0.1,
    })),
  );
  const bodies = Array.from({ length: Math.ceil(samples.length / PER_CALL) }, (_, n) =>
    JSON.stringify({ samples: samples.slice(n * PER_CALL, (n + 1) * PER_CALL) }),
  );
  let total = 0;
  const started = performance.now();
  // CLIENTS calls in flight at once, as several collectors would send.
  const worker = async () => {
    for (let body = bodies.shift(); body !== undefined; body = bodies.shift()) {
      const callStarted = performance.now();
      const result = await apiJsonText<TelemetryIngestResponse>('POST', 'telemetry', body);
      const ms = performance.now() - callStarted;
      if (result.rejected.length > 0) throw new Error(`rejected: ${JSON.stringify(result.rejected.slice(0, 3))}`);
      total += result.accepted;
      process.stdout.write(
        `call: ${result.accepted} samples in ${ms.toFixed(0)} ms (${rate(result.accepted, ms)}/s)\n`,
      );
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, worker));
  const ms = performance.now() - started;
  const perSecond = (total / ms) * 1000;
  process.stdout.write(
    `total: ${total} samples in ${ms.toFixed(0)} ms by ${CLIENTS} client(s): ${rate(total, ms)} samples/s ` +
      `(target ${TARGET_PER_SECOND.toLocaleString('en-US')}: ${perSecond >= TARGET_PER_SECOND ? 'met' : 'MISSED'})\n`,
  );
  const rolledUp = await rollupsDone(organizationId, started);
  process.stdout.write(
    `rollups held every sample ${(rolledUp - ms).toFixed(0)} ms after the last call: ` +
      `${rate(total, rolledUp)} samples/s counted to then\n`,
  );
}

/** Milliseconds from `started` (a `performance.now()`) until the organization has no asset-day left to roll up. */
async function rollupsDone(organizationId: string, started: number): Promise<number> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    for (;;) {
      const { rows } = await db.query<{ pending: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM rollup_pending WHERE organization_id = $1) AS pending`,
        [organizationId],
      );
      if (!rows[0].pending) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await db.end();
  }
}

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000).toLocaleString('en-US');

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
