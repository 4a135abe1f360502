#!/usr/bin/env node
// Loads demo assets through the running product's API.
//   node deploy/scripts/demo-fleet.mjs                      the demo fleet (what `npm start` loads on first run)
//   node deploy/scripts/demo-fleet.mjs --assets 100000 --organization <id> [--seed 7]
//        N generated assets into one organization, as the demo Admin (benchmarks)
// --url defaults to http://localhost:8080; --email/--password to the demo Admin.
import { parseArgs } from 'node:util';
import { apiSession, generateAssets, loadDemoFleet, putAssets } from './lib/demo-fleet.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    assets: { type: 'string' },
    organization: { type: 'string' },
    seed: { type: 'string', default: '7' },
    email: { type: 'string', default: 'admin@demo.local' },
    password: { type: 'string', default: 'Demo-Admin-Pass-1' },
  },
});

if (values.assets === undefined) {
  for (const line of await loadDemoFleet(values.url)) console.log(line);
} else {
  if (!values.organization) throw new Error('--assets needs --organization <id>');
  const { send } = await apiSession(values.url, values);
  const assets = generateAssets(Number(values.assets), { seed: Number(values.seed), label: 'bench' });
  const started = performance.now();
  await putAssets(send, values.organization, assets);
  const seconds = (performance.now() - started) / 1000;
  console.log(`${assets.length} assets in ${seconds.toFixed(1)} s (${Math.round(assets.length / seconds)} assets/s)`);
}
