// Health under load (needs the product running: `npm start`, or a product copy with BASE_URL and PORT_OFFSET set;
// then `npm run bench:health-under-load`). Signs in as the demo Admin, works in an organization of its own, and sends
// each write route that takes a large body its largest accepted body and one just over the limit, while probing
// `GET /health/live` of every service and the gateway every PROBE_MS (20) ms from a worker thread. Prints per route: the status and
// duration of the request, and the owning service's (and the gateway's) probe p50 / p99 / max beside the same
// probing with no load (the baseline) and the p99 ratio. Target: the owner's p99 under 100 ms (issue 20).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  ANALYTICS_LIMITS,
  BUSINESS_EVENT_LIMITS,
  type CreateTagsResponse,
  DEFAULT_PORTS,
  type FileAddressDto,
  INVENTORY_LIMITS,
  LIMITS,
  SERVICES,
  type ServiceName,
  TAGGING_LIMITS,
  type UpsertAssetsResponse,
} from '@infra/contracts';
import { api, BASE_URL, freshAdminOrganization, session } from './bench-client';
import { percentile } from './stats';

const PORT_OFFSET = Number(process.env.PORT_OFFSET ?? process.env.E2E_PORT_OFFSET ?? 0);
const HEALTH_HOST = process.env.HEALTH_HOST ?? '127.0.0.1';
const PROBE_MS = Number(process.env.PROBE_MS ?? 20);
const BASELINE_MS = Number(process.env.BASELINE_MS ?? 3000);
/** Probing goes on this long after the response, so a freeze right after answering is seen too. */
const AFTER_MS = 300;
/** Longest wait for the services to be as quiet as in the baseline before a case (see `settle`). */
const SETTLE_MAX_MS = 120_000;
const TARGET_P99_MS = 100;
/** Assets of the organization: `tags/batchAssignTags` and business events take up to 5000 asset ids. */
const ASSETS = Number(process.env.ASSETS ?? TAGGING_LIMITS.assignAssetsMax);
/** Only the cases whose label contains one of these (comma-separated), e.g. `ONLY=events`; the setup always runs. */
const ONLY = (process.env.ONLY ?? '').split(',').filter(Boolean);
const wanted = (label: string) => ONLY.length === 0 || ONLY.some((part) => label.includes(part));
/**
 * The product's pid directory (`.cache/pids-<offset>`, printed by product-copy.mjs) when its services run with
 * `CPU_PROFILE_DIR` set: each measured case is then CPU-profiled in its owning service (SIGUSR2 before, after).
 */
const PROFILE_PID_DIR = process.env.PROFILE_PID_DIR;
const toggleCpuProfile = (service: ServiceName) => {
  if (PROFILE_PID_DIR)
    process.kill(Number(readFileSync(join(PROFILE_PID_DIR, `${service}.pid`), 'utf8').trim()), 'SIGUSR2');
};

type Target = ServiceName | 'gateway';
const TARGETS: Target[] = [...SERVICES, 'gateway'];

/**
 * The probing loop, in a worker thread of its own: the bench's main thread serializes and sends bodies of up to
 * 13 MiB and reads their answers, and probes timed on that thread measured the bench as much as the services.
 * Each probe goes on its own (a frozen service piles them up).
 */
const PROBER_SOURCE = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { targets, host, probeMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let samples = {};
let failures = {};
let pending = 0;
let timer;
function probe({ name, port }) {
  const started = performance.now();
  pending++;
  const request = http.get({ agent, host, port, path: '/health/live' }, (response) => {
    response.resume();
    response.on('end', () => {
      pending--;
      if (response.statusCode === 200) samples[name].push(performance.now() - started);
      else failures[name]++;
    });
  });
  request.on('error', () => {
    pending--;
    failures[name]++;
  });
}
parentPort.on('message', async (message) => {
  if (message === 'start') {
    samples = Object.fromEntries(targets.map(({ name }) => [name, []]));
    failures = Object.fromEntries(targets.map(({ name }) => [name, 0]));
    timer = setInterval(() => targets.forEach(probe), probeMs);
    return;
  }
  clearInterval(timer);
  // The probes in flight are waited for: their wait is what is measured.
  const deadline = performance.now() + 60000;
  while (pending > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  parentPort.postMessage({ samples, failures });
});
`;

/** Probes `/health/live` of every target every PROBE_MS from its worker thread. */
class Prober {
  private readonly worker = new Worker(PROBER_SOURCE, {
    eval: true,
    workerData: {
      targets: TARGETS.map((name) => ({ name, port: DEFAULT_PORTS[name] + PORT_OFFSET })),
      host: HEALTH_HOST,
      probeMs: PROBE_MS,
    },
  });
  private failures: Record<string, number> = {};

  constructor() {
    // The bench ends when its cases do, whatever the worker is waiting for.
    this.worker.unref();
  }

  start(): void {
    this.worker.postMessage('start');
  }

  /** Stops probing; resolves once the probes in flight have answered. */
  async stop(): Promise<Map<Target, number[]>> {
    const answer = new Promise<{ samples: Record<string, number[]>; failures: Record<string, number> }>((resolve) =>
      this.worker.once('message', resolve),
    );
    this.worker.postMessage('stop');
    const { samples, failures } = await answer;
    this.failures = failures;
    return new Map(TARGETS.map((target) => [target, samples[target] ?? []]));
  }

  failuresOf(target: Target): number {
    return this.failures[target] ?? 0;
  }
}

/**
 * The service's own longest event-loop delay since its previous scrape (prom-client's monitorEventLoopDelay, reset
 * at each scrape of `/metrics`), in ms: what one request held the loop, apart from the probes' own trip.
 */
async function loopDelayMax(target: Target): Promise<number> {
  const response = await fetch(`http://${HEALTH_HOST}:${DEFAULT_PORTS[target] + PORT_OFFSET}/metrics`);
  const line = /^nodejs_eventloop_lag_max_seconds\{[^}]*\} (\S+)$/m.exec(await response.text());
  return line ? Number(line[1]) * 1000 : NaN;
}

interface Stats {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

function statsOf(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

/** A write route and a body for it, serialized before the clock starts. */
interface Case {
  label: string;
  service: ServiceName;
  method: string;
  path: string;
  body: string;
  contentType: string;
  /** Calls after the request whose time belongs to the work it started (an import's completion). */
  then?: () => Promise<void>;
  /** Its answer is needed later: sent even when ONLY leaves it out. */
  setup?: true;
}

async function send(method: string, path: string, body: string, contentType: string) {
  const { token, organizationId } = session();
  const url = /^https?:/.test(path) ? path : `${BASE_URL}/api/v1/${path}`;
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, organizationid: organizationId, 'content-type': contentType },
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
  });
  const text = await response.text();
  return { status: response.status, text };
}

const json = (value: unknown) => JSON.stringify(value);
const kib = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB`;
const ms = (value: number) => `${value.toFixed(1)}`.padStart(7);
/** The body of a set-up call's answer, or an error naming its status (a set-up that fails stops the bench). */
function answerOf<T>(label: string, answer: { status: number; text: string }): T {
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${label}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return JSON.parse(answer.text) as T;
}
/** Calls `call` until it succeeds, for up to five minutes (a service still consuming the set-up's events). */
async function untilAccepted<T>(call: () => Promise<T>): Promise<T> {
  const deadline = performance.now() + 300_000;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
const uuidOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

async function main(): Promise<void> {
  const ownLag = monitorEventLoopDelay({ resolution: 10 });
  const prober = new Prober();
  const { run } = await freshAdminOrganization();

  // Baseline: the same probing, nothing else.
  prober.start();
  await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
  const baseline = new Map([...(await prober.stop())].map(([target, samples]) => [target, statsOf(samples)]));

  const rows: string[] = [];
  ownLag.enable();
  /**
   * Waits until every service answers its probes about as fast as in the baseline again: the set-up (5,000 assets,
   * then their events consumed by every service) keeps the machine busy for a while, and a case measured meanwhile
   * would measure the set-up.
   */
  const settle = async (): Promise<void> => {
    const deadline = performance.now() + SETTLE_MAX_MS;
    for (;;) {
      prober.start();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const samples = await prober.stop();
      const busy = TARGETS.filter((target) => {
        const quiet = baseline.get(target)!;
        return statsOf(samples.get(target)!).p99 > Math.max(2 * quiet.p99, 50);
      });
      if (busy.length === 0) return;
      if (performance.now() > deadline) {
        process.stdout.write(`(not settled after ${SETTLE_MAX_MS / 1000} s: ${busy.join(', ')} still slow)\n`);
        return;
      }
    }
  };
  const measure = async (test: Case): Promise<{ status: number; text: string }> => {
    if (!wanted(test.label))
      return test.setup ? send(test.method, test.path, test.body, test.contentType) : { status: 0, text: '' };
    await settle();
    await loopDelayMax(test.service);
    ownLag.reset();
    prober.start();
    toggleCpuProfile(test.service);
    const started = performance.now();
    const result = await send(test.method, test.path, test.body, test.contentType);
    await test.then?.();
    const duration = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
    toggleCpuProfile(test.service);
    const samples = await prober.stop();
    const ownerLoopMax = await loopDelayMax(test.service);
    const line = (target: Target) => {
      const loaded = statsOf(samples.get(target)!);
      const quiet = baseline.get(target)!;
      const failed = prober.failuresOf(target);
      return (
        `${target.padEnd(9)} p50 ${ms(loaded.p50)} p99 ${ms(loaded.p99)} max ${ms(loaded.max)} ms (n=${loaded.n}` +
        `${failed ? `, ${failed} failed` : ''}) | baseline p50 ${ms(quiet.p50)} p99 ${ms(quiet.p99)} max ${ms(quiet.max)}` +
        ` | p99 ×${(loaded.p99 / quiet.p99).toFixed(1)}`
      );
    };
    const owner = statsOf(samples.get(test.service)!);
    const others = TARGETS.filter((target) => target !== test.service && target !== 'gateway');
    const worstOther = others.reduce(
      (worst, target) => {
        const stats = statsOf(samples.get(target)!);
        return stats.max > worst.max ? { target, max: stats.max } : worst;
      },
      { target: '-', max: 0 },
    );
    rows.push(
      [
        `${test.label} (${kib(test.body)}): ${result.status} in ${duration.toFixed(0)} ms` +
          `${result.status >= 400 ? ` — ${result.text.slice(0, 120)}` : ''}`,
        `  ${line(test.service)}   ${owner.p99 < TARGET_P99_MS ? 'met' : 'MISSED'}`,
        `  ${test.service}'s own event-loop delay max ${ownerLoopMax.toFixed(1)} ms`,
        `  ${line('gateway')}`,
        `  other services' worst max: ${worstOther.max.toFixed(1)} ms (${worstOther.target}); this bench's own ` +
          `event-loop delay max ${(ownLag.max / 1e6).toFixed(1)} ms`,
      ].join('\n'),
    );
    process.stdout.write(`${rows.at(-1)}\n`);
    return result;
  };

  // The organization's assets (the first call is the `PUT assets` case itself).
  const asset = (n: number) => ({
    externalId: `i-health-${run}-${n}`.padEnd(120, 'x'),
    name: `health-${run}-${n}`.padEnd(200, 'n'),
    status: 'active',
    instance_type: 'm5.2xlarge',
    site: 'us-east-1a',
    physical_processor: 'Intel Xeon Platinum 8175'.padEnd(150, ' '),
    memory: 32,
    cpu_cores: 8,
    storage: 'EBS only'.padEnd(150, ' '),
    cpu_speed: 3.1,
    network_speed: 'Up to 10 Gigabit',
    current_generation: true,
    network_bandwidth_max: 10,
    instance_lifecycle: 'on-demand',
    cpu_generation: 'Skylake',
    storage_throughput: 593.75,
  });
  const upsertMax = INVENTORY_LIMITS.upsertBatchMax;
  const batches = Array.from({ length: Math.ceil(ASSETS / upsertMax) }, (_, batch) =>
    json({ assets: Array.from({ length: upsertMax }, (_, n) => asset(batch * upsertMax + n)) }),
  );
  const first = await measure({
    label: `inventory PUT assets, ${upsertMax} assets`,
    service: 'inventory',
    method: 'PUT',
    path: 'assets',
    body: batches[0],
    contentType: 'application/json',
    setup: true,
  });
  const assetIds = answerOf<UpsertAssetsResponse>('PUT assets', first).results.map((result) => result.id);
  for (const body of batches.slice(1))
    assetIds.push(...(await api<UpsertAssetsResponse>('PUT', 'assets', JSON.parse(body))).results.map((r) => r.id));
  await measure({
    label: `inventory PUT assets, ${upsertMax + 1} assets (over)`,
    service: 'inventory',
    method: 'PUT',
    path: 'assets',
    body: json({ assets: Array.from({ length: upsertMax + 1 }, (_, n) => asset(ASSETS + n)) }),
    contentType: 'application/json',
  });
  const idsMax = INVENTORY_LIMITS.idsPerCallMax;
  await measure({
    label: `inventory POST assets/update-active-status, ${idsMax} ids`,
    service: 'inventory',
    method: 'POST',
    path: 'assets/update-active-status',
    body: json({ assetIds: assetIds.slice(0, idsMax), status: 'active' }),
    contentType: 'application/json',
  });
  await measure({
    label: `inventory POST collections, ${idsMax} asset ids`,
    service: 'inventory',
    method: 'POST',
    path: 'collections',
    body: json({ name: `health-${run}`, assetIds: assetIds.slice(0, idsMax) }),
    contentType: 'application/json',
  });
  await measure({
    label: `inventory POST collections, ${idsMax + 1} asset ids (over)`,
    service: 'inventory',
    method: 'POST',
    path: 'collections',
    body: json({ name: `health-${run}-over`, assetIds: assetIds.slice(0, idsMax + 1) }),
    contentType: 'application/json',
  });

  // Tags: a batch at the largest count the 1 MB body allows, then every tag onto every asset.
  const tagsMax = TAGGING_LIMITS.createBatchMax;
  const tag = (n: number) => ({
    key: `health_${run}`,
    value: `v${n}`.padEnd(60, 'v'),
    description: `d${n}`.padEnd(80, 'd'),
  });
  const created = await measure({
    label: `tagging POST tags/batch, ${tagsMax} tags`,
    service: 'tagging',
    method: 'POST',
    path: 'tags/batch',
    body: json({ tags: Array.from({ length: tagsMax }, (_, n) => tag(n)) }),
    contentType: 'application/json',
    setup: true,
  });
  await measure({
    label: `tagging POST tags/batch, ${tagsMax + 1} tags (over)`,
    service: 'tagging',
    method: 'POST',
    path: 'tags/batch',
    body: json({ tags: Array.from({ length: tagsMax + 1 }, (_, n) => tag(tagsMax + n)) }),
    contentType: 'application/json',
  });
  const ids = answerOf<CreateTagsResponse>('POST tags', created).tags.map((created) => created.id);
  // Tagging learns the assets from inventory's events: assigning the last tag (not one of the measured ones) is
  // refused with 404 until it has them all, and a case measured before would measure that refusal.
  await untilAccepted(() => api('POST', 'tags/batchAssignTags', { tagIds: ids.slice(-1), assetIds }));
  await measure({
    label: `tagging POST tags/batchAssignTags, ${TAGGING_LIMITS.assignTagsMax} tags × ${ASSETS} assets`,
    service: 'tagging',
    method: 'POST',
    path: 'tags/batchAssignTags',
    body: json({ tagIds: ids.slice(0, TAGGING_LIMITS.assignTagsMax), assetIds }),
    contentType: 'application/json',
  });
  await measure({
    label: `tagging POST tags/batchAssignTags, ${ASSETS + 1} assets (over)`,
    service: 'tagging',
    method: 'POST',
    path: 'tags/batchAssignTags',
    body: json({ tagIds: ids.slice(0, 1), assetIds: [...assetIds, uuidOf(1)] }),
    contentType: 'application/json',
  });

  // Tag import: a file of the most rows, as large as the upload takes (measured only: the import is tagging's).
  const rowsMax = LIMITS.tagImportMaxRows;
  const externalIds = Array.from({ length: ASSETS }, (_, n) => asset(n).externalId);
  const fileOf = (rows: number, bytes: number) => {
    const perRow = Math.floor(bytes / rows);
    const lines = ['key,value,description,assets'];
    for (let row = 0; row < rows; row++) {
      const cell: string[] = [];
      let length = 40;
      for (let n = row; length + externalIds[n % ASSETS].length + 1 < perRow; n += 7) {
        cell.push(externalIds[n % ASSETS]);
        length += externalIds[n % ASSETS].length + 1;
      }
      lines.push(`import_${run},r${row},row_${row},${cell.join('|')}`);
    }
    return `${lines.join('\r\n')}\r\n`;
  };
  const fileMax = TAGGING_LIMITS.importFileMaxBytes;
  const upload = async (name: string, csv: string, over = false) => {
    if (!wanted('tagging PUT files/tag-upload')) return;
    const address = await api<FileAddressDto>('GET', `s3/tag-upload/${name}`);
    const url = /^https?:/.test(address.url) ? address.url : `${BASE_URL}${address.url}`;
    ownLag.reset();
    prober.start();
    const started = performance.now();
    const response = await fetch(url, { method: address.method, headers: address.headers, body: csv });
    const text = await response.text();
    const duration = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
    const samples = await prober.stop();
    const tagging = statsOf(samples.get('tagging')!);
    const gateway = statsOf(samples.get('gateway')!);
    rows.push(
      `tagging PUT files/tag-upload ${over ? '(over)' : ''} (${kib(csv)}): ${response.status} in ${duration.toFixed(0)} ms` +
        `${response.ok ? '' : ` — ${text.slice(0, 120)}`}\n  tagging   p50 ${ms(tagging.p50)} p99 ${ms(tagging.p99)} max ` +
        `${ms(tagging.max)} ms | gateway p99 ${ms(gateway.p99)} max ${ms(gateway.max)} ms`,
    );
    process.stdout.write(`${rows.at(-1)}\n`);
  };
  const file = fileOf(rowsMax, fileMax - 64 * 1024);
  const fileName = `health-${run}.csv`;
  await upload(fileName, file);
  await measure({
    label: `tagging GET tags/validate/import, ${rowsMax} rows`,
    service: 'tagging',
    method: 'GET',
    path: `tags/validate/import?fileName=${fileName}`,
    body: '',
    contentType: 'application/json',
  }).catch((error: unknown) => process.stdout.write(`validate: ${String(error)}\n`));
  await upload(`health-${run}-over.csv`, `${file}${'x'.repeat(fileMax - Buffer.byteLength(file) + 1)}`, true);

  // Telemetry: the most samples per call, JSON and CSV (analytics learns the assets from inventory's events first).
  const samplesMax = ANALYTICS_LIMITS.telemetrySamplesMax;
  const hour0 = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 24 * 3_600_000;
  const sample = (n: number) => ({
    externalId: externalIds[n % 1000],
    hour: new Date(hour0 - Math.floor(n / 1000) * 3_600_000).toISOString(),
    cpuUtil: 40 + (n % 50),
    memUtil: 30 + (n % 40),
    storageUtil: 20,
    networkInBytes: 1_000_000 + n,
    networkOutBytes: 2_000_000 + n,
    cost: 0.192,
  });
  const deadline = performance.now() + 60_000;
  while (
    wanted('analytics') &&
    (await api<{ accepted: number }>('POST', 'telemetry', { samples: [sample(999)] })).accepted < 1
  ) {
    if (performance.now() > deadline) throw new Error('analytics never learned the assets');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await measure({
    label: `analytics POST telemetry, ${samplesMax} JSON samples`,
    service: 'analytics',
    method: 'POST',
    path: 'telemetry',
    body: json({ samples: Array.from({ length: samplesMax }, (_, n) => sample(n)) }),
    contentType: 'application/json',
  });
  await measure({
    label: `analytics POST telemetry, ${samplesMax + 1} JSON samples (over)`,
    service: 'analytics',
    method: 'POST',
    path: 'telemetry',
    body: json({ samples: Array.from({ length: samplesMax + 1 }, (_, n) => sample(n)) }),
    contentType: 'application/json',
  });
  const csvOf = (count: number) => {
    const fields = Object.keys(sample(0));
    const lines = [fields.join(',')];
    for (let n = 0; n < count; n++) lines.push(Object.values(sample(n + samplesMax)).join(','));
    return `${lines.join('\n')}\n`;
  };
  await measure({
    label: `analytics POST telemetry, ${samplesMax} CSV samples`,
    service: 'analytics',
    method: 'POST',
    path: 'telemetry',
    body: csvOf(samplesMax),
    contentType: 'text/csv',
  });

  // Business events: an event of the organization's assets, its expected impact per asset; then the largest body.
  // The events service learns the assets from inventory's events: its assignment is refused until it has them all.
  const event = await untilAccepted(() =>
    api<{ id: string }>('POST', 'business-events', {
      name: `health-${run}`,
      startDate: new Date(hour0 - 7 * 24 * 3_600_000).toISOString(),
      endDate: new Date(hour0).toISOString(),
      assignment: { collectionIds: [], tagIds: [], assetIds },
    }),
  );
  const impactsMax = BUSINESS_EVENT_LIMITS.impactsMax;
  await measure({
    label: `events PUT business-events/impact, ${ASSETS} impacts (the event's assets)`,
    service: 'events',
    method: 'PUT',
    path: 'business-events/impact',
    body: json({
      businessEventId: event.id,
      impacts: assetIds.map((assetId, n) => ({ assetId, impactPercent: n % 50 })),
    }),
    contentType: 'application/json',
  });
  // Assets the event does not have past its own: valid items, refused by the service after validation.
  const impacts = (count: number) => [
    ...assetIds.map((assetId, n) => ({ assetId, impactPercent: n % 50 })),
    ...Array.from({ length: count - assetIds.length }, (_, n) => ({ assetId: uuidOf(n), impactPercent: -12.5 })),
  ];
  await measure({
    label: `events PUT business-events/impact, ${impactsMax} impacts`,
    service: 'events',
    method: 'PUT',
    path: 'business-events/impact',
    body: json({ businessEventId: event.id, impacts: impacts(impactsMax) }),
    contentType: 'application/json',
  });
  await measure({
    label: `events PUT business-events/impact, ${impactsMax + 1} impacts (over)`,
    service: 'events',
    method: 'PUT',
    path: 'business-events/impact',
    body: json({ businessEventId: event.id, impacts: impacts(impactsMax + 1) }),
    contentType: 'application/json',
  });
  await measure({
    label: `events PUT business-events/impact, ${impactsMax} impacts, every one invalid`,
    service: 'events',
    method: 'PUT',
    path: 'business-events/impact',
    body: json({
      businessEventId: event.id,
      impacts: Array.from({ length: impactsMax }, (_, n) => ({ assetId: `asset-${n}`, impactPercent: '5' })),
    }),
    contentType: 'application/json',
  });
  await measure({
    label: `events POST business-events, ${BUSINESS_EVENT_LIMITS.assignAssetsMax} assets assigned`,
    service: 'events',
    method: 'POST',
    path: 'business-events',
    body: json({
      name: `health-${run}-2`,
      startDate: new Date(hour0 - 24 * 3_600_000).toISOString(),
      endDate: new Date(hour0).toISOString(),
      assignment: { collectionIds: [], tagIds: [], assetIds },
    }),
    contentType: 'application/json',
  });

  const met = rows.filter((row) => row.includes('   met')).length;
  const missed = rows.filter((row) => row.includes('MISSED')).length;
  process.stdout.write(
    `\nbaseline (${BASELINE_MS} ms, no load): ${TARGETS.map((target) => {
      const stats = baseline.get(target)!;
      return `${target} p50 ${stats.p50.toFixed(1)} p99 ${stats.p99.toFixed(1)} max ${stats.max.toFixed(1)}`;
    }).join('; ')}\n` + `owner /health/live p99 < ${TARGET_P99_MS} ms: met for ${met} cases, MISSED for ${missed}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
