#!/usr/bin/env node
// `npm start`: install what is missing, provision PostgreSQL, Redis and Kafka, build, migrate,
// load demo data, and serve the whole product at http://localhost:8080. Ctrl-C stops everything.
// `npm run start:replicas` (`--replicas 2`): two processes of every service and of the gateway, behind a local
// balancer at the same address, as Kubernetes runs them (product.mjs productEnv).
import { parseArgs } from 'node:util';
import { ROOT, log } from './lib/proc.mjs';

const { values } = parseArgs({ options: { replicas: { type: 'string', default: '1' } } });
const replicas = Number(values.replicas);
if (!Number.isInteger(replicas) || replicas < 1 || replicas > 4) throw new Error('--replicas must be 1, 2, 3 or 4');

const started = Date.now();
const { ensureInstalled, buildIfStale, productEnv, migrateAndSeed, startProduct } = await import('./lib/product.mjs');
ensureInstalled();
const { provisionInfrastructure } = await import('./infra.mjs');
const kafka = await provisionInfrastructure();
buildIfStale();
const { processes, gatewayUrl, balancer } = productEnv({ replicas });
await migrateAndSeed(processes);
const product = await startProduct(processes, { gatewayUrl, balancer, pidDir: '.cache/pids' });

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
  `${replicas > 1 ? `${replicas} replicas of each process, ` : ''}ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${gatewayUrl}  (API: ${gatewayUrl}/api/v1, docs: ${gatewayUrl}/api/docs; root ${ROOT})`,
);
