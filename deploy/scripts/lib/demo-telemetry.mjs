// Demo telemetry: deterministic (seeded) hourly utilization and cost samples for the demo fleet's assets
// (generateAssets of demo-fleet.mjs), loaded through the product's own API (POST telemetry) like any client would.
// Each asset draws a profile from its own generator (seed and externalId), so its samples do not depend on the other
// assets, on the order of the list or on the chunk size.
import fs from 'node:fs';
import { random } from './demo-fleet.mjs';

const HOUR_MS = 3_600_000;
/** POST telemetry takes at most this many samples per call (ANALYTICS_LIMITS.telemetrySamplesMax). */
export const TELEMETRY_CHUNK_MAX = 50_000;
/** The API refuses samples older than 400 days (ANALYTICS_LIMITS.telemetryMaxAgeDays): a day of margin for a long load. */
export const TELEMETRY_DAYS_MAX = 399;
/** How long a load waits for analytics to learn of just-created assets (from inventory's events) without progress. */
const UNKNOWN_ASSET_WAIT_MS = 120_000;

const PRICE_LIST_URL = new URL('../../../libs/contracts/src/price-list.json', import.meta.url);
let priceList;
/** The instance types of the price list the product ships (read once, never copied here). */
function instancePrices() {
  priceList ??= JSON.parse(fs.readFileSync(PRICE_LIST_URL, 'utf8')).instanceTypes;
  return priceList;
}

/** The start of the last complete UTC hour: the newest hour the demo reports (never in the future). */
export function lastCompleteHour(now = Date.now()) {
  return Math.floor(now / HOUR_MS) * HOUR_MS - HOUR_MS;
}

/** Business hours follow the site's region (standard time; summer time is ignored). */
const REGION_UTC_OFFSET = { 'us-east': -5, 'us-west': -8, 'eu-west': 0, 'eu-central': 1, 'ap-southeast': 10 };
const ROLE = {
  // base: typical cpu %; weekend: level on Saturday and Sunday; memory: base memory %; netIn/netOut: traffic shape
  web: { base: 30, weekend: 0.6, memory: [25, 45], netIn: 0.35, netOut: 1 },
  api: { base: 35, weekend: 0.6, memory: [30, 50], netIn: 0.6, netOut: 0.7 },
  db: { base: 45, weekend: 0.85, memory: [55, 75], netIn: 0.5, netOut: 0.9 },
  batch: { base: 40, weekend: 1, memory: [30, 55], netIn: 1, netOut: 0.25 },
  cache: { base: 28, weekend: 0.7, memory: [60, 78], netIn: 0.4, netOut: 1 },
};
const LIFECYCLE_PRICE = { 'on-demand': 1, reserved: 0.6, spot: 0.3 };

/** FNV-1a: the per-asset seed from the run's seed and the asset's externalId. */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const clamp = (value, low, high) => Math.min(high, Math.max(low, value));
const round = (value, digits) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The behaviour of one asset over a period of `hours` hours, drawn from `next` (its own generator). `kind` is idle
 * (about 15 %), overloaded (about 8 %: 6.5 % of current and 11 % of previous-generation hardware) or normal.
 */
function drawProfile(asset, next, hours) {
  const roleName = /-(web|api|db|batch|cache)-/.exec(asset.name ?? '')?.[1] ?? 'api';
  const role = ROLE[roleName];
  const previous = asset.current_generation === false;
  const roll = next();
  const kind = roll < 0.15 ? 'idle' : roll < 0.15 + (previous ? 0.11 : 0.065) ? 'overloaded' : 'normal';
  const between = (low, high) => low + (high - low) * next();
  const region = /^([a-z]+-[a-z]+)-/.exec(asset.site ?? '')?.[1];

  const profile = {
    kind,
    role: roleName,
    utcOffset: REGION_UTC_OFFSET[region] ?? 0,
    // Batch work runs at night, everything else peaks in the afternoon of business days.
    peakHour: roleName === 'batch' ? between(1, 4) : between(13, 16),
    weekend: role.weekend,
    base: role.base * between(0.7, 1.3) * (previous ? 1.25 : 1),
    dailyAmplitude: between(0.25, 0.6),
    growth: between(0, 0.3),
    spikeRate: between(0.002, 0.01),
    noise: between(2, 5),
    cpuFloor: 0.3,
    cpuCeiling: 100,
    memoryBase: between(...role.memory),
    memoryPerCpu: between(0.15, 0.35),
    storageStart: between(15, 70),
    storageGrowth: between(2, 15),
    // Bytes per hour at full load: 0.5 to 5 % of the instance's line rate (Gbit/s).
    networkAtFullLoad: (asset.network_bandwidth_max || 1) * 1.25e8 * 3600 * between(0.005, 0.05),
    netIn: role.netIn,
    netOut: role.netOut,
  };
  if (kind === 'idle')
    Object.assign(profile, {
      base: between(1.5, 5.5),
      dailyAmplitude: 0.3,
      weekend: 1,
      growth: 0,
      spikeRate: 0,
      noise: 0.6,
      cpuFloor: 1,
      cpuCeiling: 8,
      memoryBase: between(10, 30),
    });
  else if (kind === 'overloaded')
    Object.assign(profile, {
      base: between(80, 88),
      dailyAmplitude: 0.12,
      weekend: 0.92,
      growth: between(0, 0.08),
      noise: 3,
    });

  // Cost: the price list's on-demand price by lifecycle, with a small per-asset surcharge; 10 % report none.
  const price = instancePrices()[asset.instance_type]?.pricePerHour;
  const noCost = next() < 0.1;
  profile.hourlyCost =
    price === undefined || noCost
      ? undefined
      : price * (LIFECYCLE_PRICE[asset.instance_lifecycle] ?? 1) * between(0.98, 1.04);
  profile.spot = asset.instance_lifecycle === 'spot';

  // Gaps: random missing hours (40 % of assets), one outage of 1-5 days (12 %), an early end by status.
  const gapRoll = next();
  profile.missRate = gapRoll < 0.6 ? 0 : gapRoll < 0.9 ? between(0.002, 0.02) : between(0.03, 0.12);
  const outageLength = Math.round(between(24, 120));
  const outageRoll = next();
  const outageStart = Math.floor(next() * (hours - outageLength - 72));
  profile.outage = outageRoll < 0.12 && outageStart >= 0 ? [outageStart, outageStart + outageLength] : undefined;
  const stopRoll = next();
  profile.lastHour =
    asset.status === 'pending'
      ? -1 // never reported
      : asset.status === 'offline'
        ? hours - 1 - Math.round(48 + 192 * stopRoll) // went silent 2 to 10 days ago
        : asset.status === 'archived'
          ? hours - 1 - Math.round(hours * (0.25 + 0.45 * stopRoll)) // long gone
          : hours - 1;
  return profile;
}

/** The profile `generateTelemetry` uses for an asset (for tests and for explaining the demo data). */
export function telemetryProfile(asset, { seed = 1, days = 90 } = {}) {
  return drawProfile(asset, random(hash(`${seed}:${asset.externalId}`)), days * 24);
}

/**
 * Hourly samples of `days` days ending with `endHour` (epoch ms of a UTC hour start, default the last complete hour),
 * as POST telemetry takes them (by externalId), in chunks of at most `chunkSize` (50,000): a generator, so a large
 * fleet is never held in memory at once. The same assets, seed, days and endHour give the same samples.
 */
export function* generateTelemetry(
  assets,
  { seed = 1, days = 90, endHour = lastCompleteHour(), chunkSize = TELEMETRY_CHUNK_MAX } = {},
) {
  if (!Number.isInteger(days) || days < 0 || days > TELEMETRY_DAYS_MAX)
    throw new Error(`days must be a whole number from 0 to ${TELEMETRY_DAYS_MAX}, not ${days}`);
  if (!Number.isInteger(endHour) || endHour % HOUR_MS !== 0 || endHour > Math.floor(Date.now() / HOUR_MS) * HOUR_MS)
    throw new Error(`endHour must be the start of a UTC hour, not in the future: ${endHour}`);
  if (!Number.isInteger(chunkSize) || chunkSize < 1 || chunkSize > TELEMETRY_CHUNK_MAX)
    throw new Error(`chunkSize must be from 1 to ${TELEMETRY_CHUNK_MAX}`);
  const hours = days * 24;
  const firstHour = endHour - (hours - 1) * HOUR_MS;
  const hourText = Array.from({ length: hours }, (_, h) =>
    new Date(firstHour + h * HOUR_MS).toISOString().replace('.000Z', 'Z'),
  );
  let chunk = [];
  for (const asset of assets) {
    const next = random(hash(`${seed}:${asset.externalId}`));
    const p = drawProfile(asset, next, hours);
    let spikeLeft = 0;
    let spikeHeight = 0;
    for (let h = 0; h <= p.lastHour; h += 1) {
      // Every hour draws the same numbers whether it reports or not: a gap never shifts the hours after it.
      const missing = next() < p.missRate;
      const n1 = next();
      const n2 = next();
      const n3 = next();
      const n4 = next();
      const n5 = next();
      const n6 = next();
      if (spikeLeft > 0) spikeLeft -= 1;
      else if (n1 < p.spikeRate) {
        spikeLeft = 1 + Math.floor(n2 * 4);
        spikeHeight = 15 + 30 * n3;
      }
      if (missing || (p.outage && h >= p.outage[0] && h < p.outage[1])) continue;

      const localMs = firstHour + h * HOUR_MS + p.utcOffset * HOUR_MS;
      const localHour = Math.floor(localMs / HOUR_MS) % 24;
      const weekDay = (Math.floor(localMs / 86_400_000) + 4) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
      const weekend = weekDay === 0 || weekDay === 6;
      const t = hours > 1 ? h / (hours - 1) : 1;
      const daily = Math.cos((2 * Math.PI * (localHour - p.peakHour)) / 24);
      const level =
        p.base * (1 + p.dailyAmplitude * daily * (weekend ? 0.4 : 1)) * (weekend ? p.weekend : 1) * (1 + p.growth * t);
      const noise = (n4 + n5 - 1) * 2 * p.noise;
      const cpu = clamp(level + noise + (spikeLeft > 0 ? spikeHeight : 0), p.cpuFloor, p.cpuCeiling);

      const sample = {
        externalId: asset.externalId,
        hour: hourText[h],
        cpuUtil: round(cpu, 2),
        memUtil: round(clamp(p.memoryBase + p.memoryPerCpu * cpu + (n5 - 0.5) * 4, 0, 100), 2),
        storageUtil: round(clamp(p.storageStart + p.storageGrowth * t + (n6 - 0.5) * 0.4, 0, 100), 2),
        networkInBytes: Math.round(p.networkAtFullLoad * p.netIn * (0.05 + cpu / 100) * (0.9 + 0.2 * n6)),
        networkOutBytes: Math.round(p.networkAtFullLoad * p.netOut * (0.05 + cpu / 100) * (0.9 + 0.2 * n4)),
      };
      if (p.hourlyCost !== undefined)
        // Spot prices move by up to ±20 % hour to hour, the others by ±1 %.
        sample.cost = round(p.hourlyCost * (1 + (n3 - 0.5) * (p.spot ? 0.4 : 0.02)), 6);
      chunk.push(sample);
      if (chunk.length === chunkSize) {
        yield chunk;
        chunk = [];
      }
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * Sends `days` days of demo telemetry of `assets` to the organization with POST telemetry (through `session`, the
 * apiSession of demo-fleet.mjs), 50,000 samples a call, by externalId. Samples of assets analytics does not know yet
 * (it learns of them from inventory's events) are sent again until it does; any other refusal or rejected sample
 * throws. Returns the samples accepted and the seconds it took.
 */
export async function loadDemoTelemetry(session, organizationId, assets, { days = 90, seed = 1, endHour } = {}) {
  const started = performance.now();
  let accepted = 0;
  if (days > 0)
    for (const samples of generateTelemetry(assets, { seed, days, endHour }))
      accepted += await sendSamples(session.send, organizationId, samples);
  return { samples: accepted, seconds: (performance.now() - started) / 1000 };
}

async function sendSamples(send, organizationId, samples) {
  let pending = samples;
  let accepted = 0;
  let progressAt = performance.now();
  for (;;) {
    const response = await send('POST', 'telemetry', { organizationId, body: { samples: pending } });
    const rejected = response?.rejected ?? [];
    if (response?.accepted + rejected.length !== pending.length)
      throw new Error(
        `POST telemetry answered ${JSON.stringify(response)?.slice(0, 300)} for ${pending.length} samples`,
      );
    accepted += response.accepted;
    if (rejected.length === 0) return accepted;
    const refused = rejected.filter((issue) => issue.reason !== 'unknown asset');
    if (refused.length > 0)
      throw new Error(
        `POST telemetry rejected ${refused.length} of ${pending.length} samples, e.g. ` +
          refused
            .slice(0, 3)
            .map((issue) => `${JSON.stringify(pending[issue.index])}: ${issue.field} ${issue.reason}`)
            .join('; '),
      );
    if (response.accepted > 0) progressAt = performance.now();
    const unknown = [...new Set(rejected.map((issue) => pending[issue.index].externalId))];
    if (performance.now() - progressAt > UNKNOWN_ASSET_WAIT_MS)
      throw new Error(
        `POST telemetry: analytics still does not know ${unknown.length} assets after ` +
          `${UNKNOWN_ASSET_WAIT_MS / 1000} s, e.g. ${unknown.slice(0, 3).join(', ')}`,
      );
    pending = rejected.map((issue) => pending[issue.index]);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
