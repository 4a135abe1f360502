#!/usr/bin/env node
// `npm start`: install what is missing, provision PostgreSQL, Redis and Kafka, build, migrate,
// load demo data, and serve the whole product at http://localhost:8080. Ctrl-C stops everything.
import { ROOT, log } from './lib/proc.mjs';

const started = Date.now();
const { ensureInstalled, buildIfStale, productEnv, migrateAndSeed, startProduct } = await import('./lib/product.mjs');
ensureInstalled();
const { provisionInfrastructure } = await import('./infra.mjs');
const kafka = await provisionInfrastructure();
buildIfStale();
const { processes, gatewayUrl } = productEnv();
await migrateAndSeed(processes);
const product = await startProduct(processes, { gatewayUrl, pidDir: '.cache/pids' });

let stopping = false;
async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  await product.stop();
  if (kafka.started) await kafka.stop();
  process.exit(exitCode);
}
// From here on every exit stops what was started: an orphaned product would hold the ports of the next `npm start`.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));

const { loadDemoFleet } = await import('./lib/demo-fleet.mjs');
try {
  for (const line of await loadDemoFleet(gatewayUrl)) log(`demo fleet: ${line}`);
} catch (error) {
  log(`loading the demo data failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await stop(1);
}
log(
  `ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${gatewayUrl}  (API: ${gatewayUrl}/api/v1, docs: ${gatewayUrl}/api/docs; root ${ROOT})`,
);
