#!/usr/bin/env node
// Loads demo assets, and their hourly telemetry and costs, through the running product's API.
//   node deploy/scripts/demo-fleet.mjs [--days 90]           the demo fleet (what `npm start` loads on first run)
//   node deploy/scripts/demo-fleet.mjs --assets 100000 --organization <id> [--seed 7] [--days 90]
//        N generated assets into one organization, as the demo Admin (benchmarks), then D days of their telemetry
// --days: days of hourly telemetry up to the last complete hour (default 90, at most 399; 0 skips telemetry).
// --url defaults to http://localhost:8080; --email/--password to the demo Admin.
import { parseArgs } from 'node:util';
import { apiSession, generateAssets, loadDemoFleet, putAssets } from './lib/demo-fleet.mjs';
import { loadDemoTelemetry, TELEMETRY_DAYS_MAX } from './lib/demo-telemetry.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    assets: { type: 'string' },
    organization: { type: 'string' },
    seed: { type: 'string', default: '7' },
    days: { type: 'string', default: '90' },
    email: { type: 'string', default: 'admin@demo.local' },
    password: { type: 'string', default: 'Demo-Admin-Pass-1' },
  },
});
const days = Number(values.days);
if (!Number.isInteger(days) || days < 0 || days > TELEMETRY_DAYS_MAX)
  throw new Error(`--days must be a whole number from 0 to ${TELEMETRY_DAYS_MAX}`);

if (values.assets === undefined) {
  for (const line of await loadDemoFleet(values.url, { telemetryDays: days })) console.log(line);
} else {
  if (!values.organization) throw new Error('--assets needs --organization <id>');
  const session = await apiSession(values.url, values);
  const seed = Number(values.seed);
  const assets = generateAssets(Number(values.assets), { seed, label: 'bench' });
  const started = performance.now();
  await putAssets(session.send, values.organization, assets);
  const seconds = (performance.now() - started) / 1000;
  console.log(`${assets.length} assets in ${seconds.toFixed(1)} s (${Math.round(assets.length / seconds)} assets/s)`);
  if (days > 0) {
    const telemetry = await loadDemoTelemetry(session, values.organization, assets, { days, seed });
    console.log(
      `${telemetry.samples} telemetry samples (${days} days) in ${telemetry.seconds.toFixed(1)} s ` +
        `(${Math.round(telemetry.samples / telemetry.seconds)} samples/s)`,
    );
  }
}
