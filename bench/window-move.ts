// What the day turning costs an organization (needs the product running: `npm start`, and an organization with
// telemetry, such as the 10,000 assets of `npm run bench:analytics`): ORGANIZATION=<id> npm run bench:window-move.
// Every window of the organization's period sums is set back a day and marked incomplete (as when the UTC day turns,
// the hourly windows included), one sample through the gateway queues the refresh, and the time until each period
// is complete again (its reads back on the period sums, not the rollups) is printed, from the sample's call.
// DATABASE_URL defaults to the local analytics database.
import { Client } from 'pg';
import type { TelemetryIngestResponse } from '@infra/contracts';
import { api, existingOrganization } from './bench-client';

const ORGANIZATION = process.env.ORGANIZATION;
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/infra_analytics';
const HOUR_MS = 3_600_000;
const TIMEOUT_MS = 300_000;

async function main(): Promise<void> {
  if (!ORGANIZATION) throw new Error('ORGANIZATION=<id> names the organization whose windows move');
  await existingOrganization(ORGANIZATION);
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const { rows: assets } = await db.query<{ id: string }>(
      `SELECT asset_id AS id FROM telemetry_freshness WHERE organization_id = $1 LIMIT 1`,
      [ORGANIZATION],
    );
    if (assets.length === 0) throw new Error('the organization has no telemetry');
    const { rowCount } = await db.query(
      `UPDATE period_windows SET complete = false, window_start = window_start - interval '1 day',
              window_end = window_end - interval '1 day'
        WHERE organization_id = $1`,
      [ORGANIZATION],
    );
    const hour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS - HOUR_MS).toISOString();
    const started = Date.now();
    await api<TelemetryIngestResponse>('POST', 'telemetry', {
      samples: [{ assetId: assets[0].id, hour, cpuUtil: 42 }],
    });
    const complete = new Map<string, number>();
    while (complete.size < (rowCount ?? 0)) {
      if (Date.now() - started > TIMEOUT_MS) throw new Error('the windows were not complete within 5 minutes');
      const { rows } = await db.query<{ period: string; complete: boolean }>(
        `SELECT period, complete FROM period_windows WHERE organization_id = $1`,
        [ORGANIZATION],
      );
      for (const row of rows)
        if (row.complete && !complete.has(row.period)) complete.set(row.period, Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    process.stdout.write(`every window of ${ORGANIZATION} moved back a day; complete again after:\n`);
    for (const [period, ms] of [...complete].sort((a, b) => a[1] - b[1]))
      process.stdout.write(`  ${period.padEnd(13)} ${ms} ms\n`);
  } finally {
    await db.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
