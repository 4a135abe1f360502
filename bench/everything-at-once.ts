// Load with everything at once (issue 24). Needs the product running (`npm start`, `npm run start:replicas`, or a
// product copy); then `npm run bench:everything-at-once`. In a fresh account and organization:
//   1. ASSETS (50,000) demo-fleet assets, a tag on every tenth, and DAYS (90) days of their telemetry through the
//      gateway, one sample every SAMPLE_EVERY_HOURS (24) hours of the generator's hourly series (1: every hour, the
//      full 90 × 24 rows per asset, which takes the ingest rate's time: about 20 min per 100 M samples);
//   2. the sign-in page under autocannon for BASELINE_SECONDS (10) with CONNECTIONS (8) connections: the baseline;
//      and each read below ALONE_CALLS (3) times, one at a time: what the data's size costs, apart from the load;
//   3. for DURATION (60) s, all at once: autocannon with CONNECTIONS connections, as fast as they are answered,
//      against the main reads (the asset list with filters, the organization's and assets' analyses, tags), a
//      ROWS-row (5000) tag import (upload, validate, import until completed), and a telemetry backfill (the
//      BACKFILL_DAYS (30) days before the first, sent in calls of 50,000 samples one after the other).
// Prints the reads' p50/p95/p99 overall and per route beside the baseline's, the non-2xx count, the import's time,
// the backfill's rate, the jobs found stalled and each process's event-loop delay p99 over the window (their
// /metrics, from PID_DIR's processes.json: `.cache/pids` for `npm start`, `.cache/pids-<offset>` for a copy).
// Goal: reads p99 under 300 ms, zero non-2xx, zero stalled jobs. DATABASE_URL: the product's analytics database
// (to wait for its read model and rollups).
import autocannon from 'autocannon';
import { Client } from 'pg';
import type {
  CreateTagsResponse,
  ImportValidationDto,
  TagImportDto,
  TelemetryIngestResponse,
  UpsertAssetsResponse,
} from '@infra/contracts';
import {
  api,
  apiJsonText,
  BASE_URL,
  freshOrganization,
  pollUntil,
  session,
  timed,
  uploadTagFile,
} from './bench-client';
import { demoGenerators, type DemoSample } from './demo-generators';
import { metricsText, type ProductProcess, productProcesses, samplesOf } from './product-metrics';
import { percentile } from './stats';

const ASSETS = Number(process.env.ASSETS ?? 50_000);
const DAYS = Number(process.env.DAYS ?? 90);
const SAMPLE_EVERY_HOURS = Number(process.env.SAMPLE_EVERY_HOURS ?? 24);
const BACKFILL_DAYS = Number(process.env.BACKFILL_DAYS ?? 30);
const DURATION = Number(process.env.DURATION ?? 60);
const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const ROWS = Number(process.env.ROWS ?? 5000);
const ALONE_CALLS = Number(process.env.ALONE_CALLS ?? 3);
const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/infra_analytics';
const HOUR_MS = 3_600_000;
const CHUNK = 50_000;
const TARGET_P99_MS = 300;
const QUIET_MS = 5000;

const say = (line: string) => process.stdout.write(`${line}\n`);

/** The set-up's waits: the consumers take minutes over a large fleet. */
const SET_UP_WAIT = { timeoutMs: 1_800_000, everyMs: 500 };

/** The samples of `chunks` one every SAMPLE_EVERY_HOURS hours, in calls of at most CHUNK. */
function* thinned(chunks: Iterable<DemoSample[]>): Generator<DemoSample[]> {
  let call: DemoSample[] = [];
  for (const chunk of chunks)
    for (const sample of chunk) {
      if ((Date.parse(sample.hour) / HOUR_MS) % SAMPLE_EVERY_HOURS !== 0) continue;
      call.push(sample);
      if (call.length === CHUNK) {
        yield call;
        call = [];
      }
    }
  if (call.length > 0) yield call;
}

async function sendTelemetry(samples: DemoSample[]): Promise<number> {
  const result = await apiJsonText<TelemetryIngestResponse>('POST', 'telemetry', JSON.stringify({ samples }));
  if (result.rejected.length > 0) throw new Error(`rejected: ${JSON.stringify(result.rejected.slice(0, 3))}`);
  return result.accepted;
}

// ---- the product's processes and their metrics ----

/**
 * One scrape of a process's /metrics: its event-loop delay p99 since the last scrape, its stalled jobs and the events
 * its consumers took.
 */
async function scrape(process_: ProductProcess): Promise<{ loopP99Ms: number; stalled: number; consumed: number }> {
  const text = await metricsText(process_); // '' when not read: printed as NaN
  const values = (name: string) => samplesOf(text, name).map((sample) => sample.value);
  return {
    loopP99Ms: (values('nodejs_eventloop_lag_p99_seconds')[0] ?? Number.NaN) * 1000,
    stalled: values('jobs_stalled_total').reduce((sum, value) => sum + value, 0),
    consumed: values('inbox_events_total').reduce((sum, value) => sum + value, 0),
  };
}

/** Until no consumer of any process has taken an event for QUIET_MS: the read models have caught up. */
async function quiet(processes: ProductProcess[]): Promise<void> {
  const consumed = async () => (await Promise.all(processes.map(scrape))).reduce((sum, f) => sum + f.consumed, 0);
  let last = await consumed();
  let since = Date.now();
  await pollUntil(
    'the consumers to catch up',
    async () => {
      const now = await consumed();
      if (now !== last) [last, since] = [now, Date.now()];
      return Date.now() - since >= QUIET_MS;
    },
    SET_UP_WAIT,
  );
}

// ---- autocannon ----

interface Route {
  label: string;
  path: string;
}

interface Run {
  latencies: Map<string, number[]>;
  statuses: Map<number, number>;
  requests: number;
  seconds: number;
}

/** Autocannon over `routes` in turn on each connection, as fast as they are answered; latencies by route. */
function load(routes: Route[], seconds: number, headers: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const latencies = new Map<string, number[]>(routes.map((route) => [route.label, []]));
    const statuses = new Map<number, number>();
    const sent = new Map<unknown, number>();
    const instance = autocannon(
      {
        url: BASE_URL,
        connections: CONNECTIONS,
        duration: seconds,
        headers,
        requests: routes.map((route) => ({ method: 'GET', path: route.path })),
      },
      (error, result) => {
        if (error) reject(error);
        else resolve({ latencies, statuses, requests: result.requests.total, seconds });
      },
    );
    // Each connection sends the routes in order, one at a time: its n-th answer is route n mod routes.length.
    instance.on('response', (client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      const n = sent.get(client) ?? 0;
      sent.set(client, n + 1);
      latencies.get(routes[n % routes.length]!.label)!.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const figures = (values: number[]) => {
  const s = sorted(values);
  return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), n: s.length };
};
const line = (values: number[]) => {
  const f = figures(values);
  return `p50 ${f.p50.toFixed(0)} / p95 ${f.p95.toFixed(0)} / p99 ${f.p99.toFixed(0)} ms (${f.n} requests)`;
};

// ---- the run ----

async function main(): Promise<void> {
  const db = new Client({ connectionString: DATABASE_URL });
  await db.connect();
  const processes = productProcesses();
  const { run } = await freshOrganization();
  const { organizationId, token } = session();
  const { generateAssets, generateTelemetry } = await demoGenerators();
  say(
    `${processes.length} processes (${processes.map((p) => p.name).join(', ') || 'unknown'}); ` +
      `${ASSETS} assets, ${DAYS} days one sample every ${SAMPLE_EVERY_HOURS} h, ${CONNECTIONS} connections`,
  );

  // 1. The organization's data.
  const assets = generateAssets(ASSETS, { seed: 24, label: `load-${run}` });
  const assetIds: string[] = [];
  const [, assetsMs] = await timed(async () => {
    for (let start = 0; start < assets.length; start += 1000) {
      const { results } = await api<UpsertAssetsResponse>('PUT', 'assets', {
        assets: assets.slice(start, start + 1000),
      });
      assetIds.push(...results.map((result) => result.id));
    }
  });
  const putsDone = performance.now();
  say(`setup: ${ASSETS} assets in ${(assetsMs / 1000).toFixed(1)} s`);
  const tag = (await api<CreateTagsResponse>('POST', 'tags/batch', { tags: [{ key: `load-${run}`, value: 'tenth' }] }))
    .tags[0]!.id;
  const tagged = assetIds.filter((_, index) => index % 10 === 0);
  for (let start = 0; start < tagged.length; start += 1000) {
    const batch = tagged.slice(start, start + 1000);
    // Tagging learns the assets from inventory's events: refused until it has them.
    await pollUntil(
      'tagging to know the assets',
      () =>
        api('POST', 'tags/batchAssignTags', { tagIds: [tag], assetIds: batch }).then(
          () => true,
          () => false,
        ),
      SET_UP_WAIT,
    );
  }
  await pollUntil(
    'analytics to know every asset',
    async () => {
      const { rows } = await db.query<{ known: number }>(
        'SELECT count(*)::int AS known FROM assets WHERE organization_id = $1',
        [organizationId],
      );
      return rows[0]!.known >= ASSETS;
    },
    SET_UP_WAIT,
  );
  say(
    `setup: analytics held every asset ${((performance.now() - putsDone) / 1000).toFixed(1)} s after the last PUT (its consumer's pace)`,
  );
  const endHour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - HOUR_MS;
  let seeded = 0;
  const [, seedMs] = await timed(async () => {
    for (const samples of thinned(generateTelemetry(assets, { seed: 24, days: DAYS, endHour })))
      seeded += await sendTelemetry(samples);
    await pollUntil(
      'the rollups',
      async () => {
        const { rows } = await db.query<{ pending: number }>(
          `SELECT (SELECT count(*) FROM rollup_pending WHERE organization_id = $1)
                + (SELECT count(*) FROM period_pending WHERE organization_id = $1)
                + (SELECT count(*) FROM period_windows WHERE organization_id = $1 AND NOT complete) AS pending`,
          [organizationId],
        );
        return Number(rows[0]!.pending) === 0;
      },
      SET_UP_WAIT,
    );
  });
  say(`setup: ${seeded.toLocaleString('en-US')} samples sent and rolled up in ${(seedMs / 1000).toFixed(1)} s`);
  const [, quietMs] = await timed(() => quiet(processes));
  say(`setup: every consumer caught up ${((quietMs - QUIET_MS) / 1000).toFixed(1)} s later`);

  // 2. The baseline: the sign-in page, same connections, same run.
  const headers = { authorization: `Bearer ${token}`, organizationid: organizationId };
  const baseline = await load([{ label: 'sign-in page', path: '/signin' }], BASELINE_SECONDS, {});
  const baselineFigures = figures(baseline.latencies.get('sign-in page')!);

  // 3. Everything at once.
  const horizon = 'timeHorizon=30d';
  const someAssets = Array.from({ length: 8 }, (_, i) => assetIds[(i * 7919) % assetIds.length]!);
  const routes: Route[] = [
    { label: 'assets (page of 50 by name)', path: '/api/v1/assets?pageSize=50&sort=name' },
    { label: 'assets (tag filter)', path: `/api/v1/assets?pageSize=50&sort=name&tagIds=${tag}` },
    { label: 'assets (search)', path: `/api/v1/assets?pageSize=50&search=${encodeURIComponent('web')}` },
    { label: 'organization workload', path: `/api/v1/organizations/workload?${horizon}` },
    { label: 'organization cost', path: `/api/v1/organizations/cost-analysis?${horizon}` },
    { label: 'organization utilization', path: `/api/v1/organizations/system-utilization?${horizon}` },
    { label: 'organization ratings', path: `/api/v1/organizations/system-ratings?${horizon}` },
    {
      label: 'organization gaps (tag filter)',
      path: `/api/v1/organizations/workload-gap-analysis?${horizon}&tagIds=${tag}`,
    },
    ...someAssets.flatMap((id, i) => [
      { label: 'asset workload', path: `/api/v1/assets/${id}/workload?${horizon}` },
      { label: 'asset cost', path: `/api/v1/assets/${id}/cost-analysis?${horizon}` },
      ...(i % 4 === 0 ? [{ label: 'tags', path: '/api/v1/tags' }] : []),
    ]),
  ];
  // The same reads one at a time on the quiet product: what the data's size costs, apart from the load.
  const alone = new Map<string, number[]>();
  for (const route of routes) {
    const latencies = alone.get(route.label) ?? [];
    alone.set(route.label, latencies);
    for (let call = 0; call < ALONE_CALLS; call += 1) {
      const started = performance.now();
      const answer = await fetch(`${BASE_URL}${route.path}`, { headers });
      await answer.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  }
  const before = await Promise.all(processes.map(scrape)); // also resets each event-loop histogram
  let windowOpen = true;
  const importing = tagImport(run, assets).then(
    (ms) => ms,
    (error: unknown) => error as Error,
  );
  let backfilled = 0;
  const backfilling = (async () => {
    const firstHour = endHour - (DAYS * 24 - 1) * HOUR_MS;
    const older = thinned(generateTelemetry(assets, { seed: 25, days: BACKFILL_DAYS, endHour: firstHour - HOUR_MS }));
    const started = performance.now();
    for (const samples of older) {
      if (!windowOpen) break;
      backfilled += await sendTelemetry(samples);
    }
    return performance.now() - started;
  })();
  const reads = await load(routes, DURATION, headers);
  windowOpen = false;
  const after = await Promise.all(processes.map(scrape));
  const backfillMs = await backfilling;
  const imported = await importing;

  // Report.
  const all = [...reads.latencies.values()].flat();
  const overall = figures(all);
  const nonOk = [...reads.statuses].filter(([status]) => status < 200 || status > 299);
  say(`\nbaseline, the sign-in page (${BASELINE_SECONDS} s): ${line(baseline.latencies.get('sign-in page')!)}`);
  say(
    `reads under everything at once (${DURATION} s, ${(reads.requests / DURATION).toFixed(0)} requests/s): ` +
      `${line(all)}; p99 ×${(overall.p99 / baselineFigures.p99).toFixed(1)} the baseline's` +
      `${overall.p99 < TARGET_P99_MS ? '' : `  MISSED ${TARGET_P99_MS} ms`}`,
  );
  for (const [label, values] of reads.latencies) if (values.length > 0) say(`  ${label.padEnd(32)} ${line(values)}`);
  say(`the same reads alone beforehand, one at a time (${ALONE_CALLS} calls of each route):`);
  for (const [label, values] of alone) say(`  ${label.padEnd(32)} ${line(values)}`);
  say(
    `non-2xx: ${nonOk.reduce((sum, [, count]) => sum + count, 0)}` +
      `${nonOk.length > 0 ? ` (${nonOk.map(([status, count]) => `${status}×${count}`).join(' ')})` : ''}`,
  );
  say(
    imported instanceof Error
      ? `tag import: FAILED ${imported.message}`
      : `tag import of ${ROWS} rows: uploaded, validated and completed in ${(imported / 1000).toFixed(1)} s`,
  );
  say(
    `telemetry backfill: ${backfilled.toLocaleString('en-US')} samples in ${(backfillMs / 1000).toFixed(1)} s ` +
      `(${Math.round((backfilled / backfillMs) * 1000).toLocaleString('en-US')} samples/s)`,
  );
  if (processes.length > 0) {
    const stalled = after.reduce((sum, figure, i) => sum + figure.stalled - before[i]!.stalled, 0);
    say(`jobs found stalled: ${stalled}`);
    say(
      `event-loop delay p99 over the window: ${processes
        .map((p, i) => `${p.name} ${after[i]!.loopP99Ms.toFixed(0)} ms`)
        .join(', ')}`,
    );
  }
  await db.end();
  if (imported instanceof Error) process.exitCode = 1;
}

/** Upload, validation and import of a ROWS-row file (tag i on assets i and 7i+1); resolves with the time it took. */
async function tagImport(run: string, assets: { externalId: string }[]): Promise<number> {
  const lines = ['key,value,description,assets'];
  for (let i = 0; i < ROWS; i += 1)
    lines.push(
      `load,v${i},row_${i},${assets[i % assets.length]!.externalId}|${assets[(7 * i + 1) % assets.length]!.externalId}`,
    );
  const csv = `${lines.join('\r\n')}\r\n`;
  const fileName = `load-${run}.csv`;
  const [, ms] = await timed(async () => {
    await uploadTagFile(fileName, csv);
    const validation = await api<ImportValidationDto>('GET', `tags/validate/import?fileName=${fileName}`);
    if (!validation.valid) throw new Error(`invalid file: ${JSON.stringify(validation.issues.slice(0, 3))}`);
    const submitted = await api<TagImportDto>('POST', `tags/import?fileName=${fileName}`);
    await pollUntil(
      'the import',
      async () => {
        const current = await api<TagImportDto>('GET', `tags/import/${submitted.id}`);
        if (current.status === 'failed') throw new Error(`the import failed: ${current.message}`);
        return current.status === 'completed';
      },
      { timeoutMs: 600_000, everyMs: 500 },
    );
  });
  return ms;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
