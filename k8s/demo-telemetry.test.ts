/**
 * The demo telemetry generator (deploy/scripts/lib/demo-telemetry.mjs, `generateTelemetry`): deterministic, within
 * the rules of POST telemetry, with the profiles and gaps the demo promises. Here with the k8s checks, the jest
 * project of the deploy scripts; the module is ES, so one child `node` generates and summarizes the samples.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.join(__dirname, '..');
const url = (file: string): string => JSON.stringify(pathToFileURL(path.join(ROOT, file)).href);
const HOUR_MS = 3_600_000;
const DAYS = 30;
const HOURS = DAYS * 24;
const END_HOUR = Date.UTC(2025, 5, 2, 11);
const PRICES = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'libs/contracts/src/price-list.json'), 'utf8')) as {
    instanceTypes: Record<string, { pricePerHour: number }>;
  }
).instanceTypes;

interface AssetSummary {
  externalId: string;
  status: string;
  lifecycle: string;
  instanceType: string;
  currentGeneration: boolean;
  kind: 'idle' | 'normal' | 'overloaded';
  count: number;
  meanCpu: number;
  /** Hour index (0 = the first hour of the period) of the last sample, -1 without one. */
  lastHour: number;
  /** The longest run of hours without a sample between the first and the last sample. */
  longestGap: number;
  withCost: number;
  meanCost: number;
}

interface Summary {
  digests: { first: string; again: string; smallChunks: string; otherSeed: string };
  chunkSizes: number[];
  smallChunkSizes: number[];
  violations: string[];
  assets: AssetSummary[];
  /** Profile kinds of 3,000 generated assets (profiles only, no samples). */
  kinds: Record<string, number>;
  refused: string[];
}

// 150 assets x 30 days; the first nine get the statuses whose gaps are checked.
const SCRIPT = `
import { createHash } from 'node:crypto';
import { generateAssets } from ${url('deploy/scripts/lib/demo-fleet.mjs')};
import { generateTelemetry, telemetryProfile } from ${url('deploy/scripts/lib/demo-telemetry.mjs')};
const [HOUR_MS, HOURS, END_HOUR] = [${HOUR_MS}, ${HOURS}, ${END_HOUR}];
const FIRST = END_HOUR - (HOURS - 1) * HOUR_MS;
const assets = generateAssets(150, { seed: 5, label: 'test' });
for (const [index, status] of ['pending', 'pending', 'pending', 'offline', 'offline', 'offline', 'archived', 'archived', 'archived'].entries())
  assets[index].status = status;
const options = { seed: 5, days: ${DAYS}, endHour: END_HOUR };
const digest = (chunks) => { const hash = createHash('sha256'); for (const chunk of chunks) for (const s of chunk) hash.update(JSON.stringify(s)); return hash.digest('hex'); };
const chunks = [...generateTelemetry(assets, options)];
const small = [...generateTelemetry(assets, { ...options, chunkSize: 7000 })];
const FIELDS = new Set(['externalId', 'hour', 'cpuUtil', 'memUtil', 'storageUtil', 'networkInBytes', 'networkOutBytes', 'cost']);
const violations = [];
const bad = (sample, rule) => { if (violations.length < 10) violations.push(rule + ': ' + JSON.stringify(sample)); };
const rounded = (value, digits) => Math.abs(Math.round(value * 10 ** digits) - value * 10 ** digits) < 1e-6;
const util = (value) => typeof value === 'number' && value >= 0 && value <= 100 && rounded(value, 2);
const bytes = (value) => Number.isSafeInteger(value) && value >= 0;
const per = new Map(assets.map((asset) => [asset.externalId, { hours: [], cpu: 0, cost: 0, withCost: 0 }]));
for (const chunk of chunks) for (const s of chunk) {
  const ms = Date.parse(s.hour);
  if (!/^\\d{4}-\\d{2}-\\d{2}T\\d{2}:00:00Z$/.test(s.hour) || ms % HOUR_MS !== 0) bad(s, 'hour on the hour');
  if (!(ms >= FIRST && ms <= END_HOUR)) bad(s, 'hour within the period');
  if (Object.keys(s).some((key) => !FIELDS.has(key))) bad(s, 'known fields');
  if (!util(s.cpuUtil) || !util(s.memUtil) || !util(s.storageUtil)) bad(s, 'utilization 0-100, 2 decimals');
  if (!bytes(s.networkInBytes) || !bytes(s.networkOutBytes)) bad(s, 'bytes');
  if (s.cost !== undefined && !(s.cost >= 0 && rounded(s.cost, 6))) bad(s, 'cost >= 0, 6 decimals');
  const asset = per.get(s.externalId);
  if (!asset) { bad(s, 'known asset'); continue; }
  asset.hours.push((ms - FIRST) / HOUR_MS);
  asset.cpu += s.cpuUtil;
  if (s.cost !== undefined) { asset.cost += s.cost; asset.withCost += 1; }
}
const refused = [];
for (const wrong of [{ days: 400 }, { days: 1.5 }, { endHour: END_HOUR + 1 }, { endHour: (Math.floor(Date.now() / HOUR_MS) + 2) * HOUR_MS }, { chunkSize: 50001 }])
  try { generateTelemetry(assets, { ...options, ...wrong }).next(); } catch (error) { refused.push(Object.keys(wrong)[0]); }
const kinds = {};
for (const asset of generateAssets(3000, { seed: 9 })) { const { kind } = telemetryProfile(asset, { seed: 9 }); kinds[kind] = (kinds[kind] ?? 0) + 1; }
process.stdout.write(JSON.stringify({
  digests: { first: digest(chunks), again: digest(generateTelemetry(assets, options)), smallChunks: digest(small), otherSeed: digest(generateTelemetry(assets, { ...options, seed: 6 })) },
  chunkSizes: chunks.map((chunk) => chunk.length),
  smallChunkSizes: small.map((chunk) => chunk.length),
  violations, kinds, refused,
  assets: assets.map((asset) => {
    const { hours, cpu, cost, withCost } = per.get(asset.externalId);
    let longestGap = 0;
    for (let i = 1; i < hours.length; i += 1) longestGap = Math.max(longestGap, hours[i] - hours[i - 1] - 1);
    return { externalId: asset.externalId, status: asset.status, lifecycle: asset.instance_lifecycle, instanceType: asset.instance_type,
      currentGeneration: asset.current_generation, kind: telemetryProfile(asset, options).kind, count: hours.length,
      meanCpu: hours.length ? cpu / hours.length : 0, lastHour: hours.length ? hours[hours.length - 1] : -1, longestGap,
      withCost, meanCost: withCost ? cost / withCost : 0 };
  }),
}));
`;

let summary: Summary;

beforeAll(() => {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`the generator failed: ${child.stderr}`);
  summary = JSON.parse(child.stdout) as Summary;
}, 60_000);

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
const reporting = (): AssetSummary[] => summary.assets.filter((asset) => asset.count > 0);

describe('demo telemetry generator', () => {
  it('gives the same samples for the same seed, whatever the chunk size, and others for another seed', () => {
    expect(summary.digests.again).toBe(summary.digests.first);
    expect(summary.digests.smallChunks).toBe(summary.digests.first);
    expect(summary.digests.otherSeed).not.toBe(summary.digests.first);
  });

  it('yields chunks of at most 50,000 samples (or the chunk size asked for)', () => {
    expect(summary.chunkSizes.length).toBeGreaterThan(1);
    expect(Math.max(...summary.chunkSizes)).toBeLessThanOrEqual(50_000);
    expect(summary.chunkSizes.slice(0, -1).every((size) => size === 50_000)).toBe(true);
    expect(Math.max(...summary.smallChunkSizes)).toBeLessThanOrEqual(7000);
  });

  it('keeps every sample within the rules of POST telemetry', () => {
    expect(summary.violations).toEqual([]);
    expect(summary.refused).toEqual(['days', 'days', 'endHour', 'endHour', 'chunkSize']);
  });

  it('reports the last complete hour for active assets, nothing for pending ones, and stops offline and archived ones early', () => {
    const byStatus = (status: string): AssetSummary[] => summary.assets.filter((asset) => asset.status === status);
    expect(byStatus('active').some((asset) => asset.lastHour === HOURS - 1)).toBe(true);
    expect(byStatus('pending').length).toBeGreaterThanOrEqual(3);
    for (const asset of byStatus('pending')) expect(asset.count).toBe(0);
    for (const asset of byStatus('offline')) {
      expect(HOURS - 1 - asset.lastHour).toBeGreaterThanOrEqual(48); // silent for 2 days or more
      expect(HOURS - 1 - asset.lastHour).toBeLessThanOrEqual(15 * 24);
    }
    for (const asset of byStatus('archived')) expect(HOURS - 1 - asset.lastHour).toBeGreaterThanOrEqual(HOURS / 4);
  });

  it('has gaps: missing hours and outages of a day or more', () => {
    const active = summary.assets.filter((asset) => asset.status === 'active');
    expect(active.filter((asset) => asset.count < HOURS).length).toBeGreaterThan(active.length * 0.2);
    expect(summary.assets.some((asset) => asset.longestGap >= 24)).toBe(true);
  });

  it('shows idle and overloaded profiles in the means, in the promised mix, previous generation hotter', () => {
    const of = (kind: string): AssetSummary[] => reporting().filter((asset) => asset.kind === kind);
    for (const asset of of('idle')) expect(asset.meanCpu).toBeGreaterThanOrEqual(1);
    for (const asset of of('idle')) expect(asset.meanCpu).toBeLessThanOrEqual(8);
    for (const asset of of('overloaded')) expect(asset.meanCpu).toBeGreaterThan(75);
    const normal = of('normal').map((asset) => asset.meanCpu);
    expect(mean(normal)).toBeGreaterThan(15);
    expect(mean(normal)).toBeLessThan(70);
    expect(of('idle').length).toBeGreaterThan(0);
    expect(of('overloaded').length).toBeGreaterThan(0);
    const previous = of('normal').filter((asset) => !asset.currentGeneration);
    const current = of('normal').filter((asset) => asset.currentGeneration);
    expect(mean(previous.map((asset) => asset.meanCpu))).toBeGreaterThan(mean(current.map((asset) => asset.meanCpu)));
    const total = Object.values(summary.kinds).reduce((a, b) => a + b, 0);
    expect(summary.kinds.idle / total).toBeGreaterThan(0.12);
    expect(summary.kinds.idle / total).toBeLessThan(0.18);
    expect(summary.kinds.overloaded / total).toBeGreaterThan(0.06);
    expect(summary.kinds.overloaded / total).toBeLessThan(0.1);
  });

  it('prices hours from the shipped price list by lifecycle, and leaves about 10 % of the assets without cost', () => {
    const assets = reporting();
    const withoutCost = assets.filter((asset) => asset.withCost === 0).length;
    expect(withoutCost).toBeGreaterThan(0);
    expect(withoutCost / assets.length).toBeLessThan(0.25);
    for (const asset of assets.filter((candidate) => candidate.withCost > 0)) {
      expect(asset.withCost).toBe(asset.count); // a cost on every reported hour of a priced asset
      const ratio = asset.meanCost / PRICES[asset.instanceType].pricePerHour;
      const expected = { 'on-demand': 1, reserved: 0.6, spot: 0.3 }[asset.lifecycle]!;
      expect(ratio).toBeGreaterThan(expected * 0.95);
      expect(ratio).toBeLessThan(expected * 1.06);
    }
  });
});
