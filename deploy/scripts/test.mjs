#!/usr/bin/env node
// `npm test`: the same set-up as `npm start` (install, PostgreSQL, Redis, Kafka, build), then lint, format
// check, type-check, every jest project of every workspace, the web unit tests, and the end-to-end and browser
// tests against a second copy of the product (ports +10000, databases infra_test_*, its own Kafka broker).
// Ends with one summary line; exits non-zero on any failure.
// For a developer's loop: `npm test -- --only=e2e --e2e=web-french` runs the set-up and only the named steps
// (lint, format, types, unit, web, e2e), the e2e step only on test files matching the pattern.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT, commandExists, log, run, runAsync } from './lib/proc.mjs';

const require = createRequire(import.meta.url);

const started = Date.now();
const RESULTS = path.join(ROOT, '.cache/test-results');
const PIDS = path.join(RESULTS, 'pids'); // the product under test's pids and supervisor log (supervisor.e2e kills one)
const PIDS_REPLICAS = path.join(RESULTS, 'pids-replicas');
/** The end-to-end files run again against two replicas of everything (with test/faults/*.replicas.test.ts). */
const REPLICA_SUBSET = String.raw`(faults/.*\.replicas|e2e/(tag-import|idempotency|api-keys)\.e2e)\.test\.ts$`;
const KAFKA_TEST_PORT = Number(process.env.KAFKA_TEST_PORT ?? 19092);
const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
/** The OTLP port (4318) moved as the product under test's ports are. */
const TRACE_COLLECTOR_PORT = 14318;
const steps = [];
const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only')?.split(',');
const wanted = (key) => !only || only.includes(key);
const e2ePattern = option('e2e');

async function step(name, work, report) {
  const begin = Date.now();
  let ok = false;
  try {
    ok = (await work()) !== false;
  } catch (error) {
    process.stderr.write(`[test] ${name} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  steps.push({ name, ok, report, seconds: (Date.now() - begin) / 1000 });
  log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${((Date.now() - begin) / 1000).toFixed(1)} s)`);
  return ok;
}

const npx = (args, options) => runAsync('npx', args, options).then((code) => code === 0);

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return;
  if (!commandExists('apt-get')) throw new Error('Chromium is missing: install Debian package "chromium"');
  log('installing Chromium for the browser tests (apt-get install chromium)');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function jestSummary(file) {
  if (!fs.existsSync(file)) return undefined;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

const { ensureInstalled, buildIfStale, productEnv, migrateAndSeed, startProduct } = await import('./lib/product.mjs');
ensureInstalled();
// Fresh secrets per run, for the product under test and for the tests that sign things (they read them from env).
const { runSecrets } = await import('./lib/secrets.mjs');
const secrets = runSecrets();
const { recreateDatabases, ensurePostgres, ensureRedis, SERVICE_DATABASES } = await import('./lib/postgres.mjs');
const { ensureKafka } = await import('./lib/kafka.mjs');
const { ensureKustomize } = await import('./lib/kustomize.mjs');
const { OWNED_DATABASE_SERVICE, ownedDatabasePort, startOwnedCluster } = await import('./lib/owned-postgres.mjs');
const { ensurePromtool } = await import('./lib/promtool.mjs');
fs.rmSync(RESULTS, { recursive: true, force: true });
fs.mkdirSync(RESULTS, { recursive: true });

// One service's database on a cluster of the run's own, which the fault suite restarts; the others on the machine's.
const testDatabases = SERVICE_DATABASES.filter((service) => service !== OWNED_DATABASE_SERVICE).map(
  (service) => `infra_test_${service}`,
);
let ownedCluster;
const ready = await step('infrastructure (PostgreSQL, Redis, Kafka, Chromium, kustomize, promtool)', async () => {
  await ensurePostgres();
  await ensureRedis();
  await recreateDatabases(testDatabases);
  ownedCluster = await startOwnedCluster({
    port: ownedDatabasePort(10_000),
    databases: [`infra_test_${OWNED_DATABASE_SERVICE}`],
    fresh: true,
  });
  // Tests use Redis database 1, emptied per run (login throttles and caches start clean; dev data in db 0 is untouched).
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(TEST_REDIS_URL);
  await redis.flushdb();
  await redis.quit();
  await ensureKafka({ port: KAFKA_TEST_PORT });
  ensureChromium();
  ensureKustomize(); // the k8s project builds the overlays with it
  ensurePromtool(); // the monitoring project tests the alert rules with it
});
const built = ready && (await step('build (server and web)', () => buildIfStale()));

if (wanted('lint')) await step('lint (eslint)', () => npx(['eslint', '--max-warnings', '0', '.']));
if (wanted('format'))
  await step('format (prettier --check)', () => npx(['prettier', '--check', '--log-level', 'warn', '.']));
if (wanted('types'))
  await step(
    'type-check (server and web)',
    async () =>
      (await npx(['tsc', '-p', 'tsconfig.json', '--noEmit'])) && npx(['tsc', '-p', 'web/tsconfig.json', '--noEmit']),
  );

const testEnv = {
  ...process.env,
  KAFKA_BROKERS: `127.0.0.1:${KAFKA_TEST_PORT}`,
  REDIS_URL: TEST_REDIS_URL,
  LOG_LEVEL: 'warn',
  ...secrets,
};
// Every jest project but the ones that need the running product (jest.config.js builds the list from services.json).
const backendProjects = require('../../jest.config.js')
  .projects.map((project) => project.displayName)
  .filter((name) => !['e2e', 'security', 'faults', 'replicas'].includes(name));
if (ready && wanted('unit')) {
  await step(
    'unit and integration tests (jest, every workspace)',
    () =>
      npx(['jest', '--ci', '--selectProjects', ...backendProjects, '--json', `--outputFile=${RESULTS}/backend.json`], {
        env: testEnv,
      }),
    `${RESULTS}/backend.json`,
  );
}
if (wanted('web'))
  await step(
    'web unit tests (jest + jsdom)',
    () => npx(['jest', '--ci', '--config', 'web/jest.config.cjs', '--json', `--outputFile=${RESULTS}/web.json`]),
    `${RESULTS}/web.json`,
  );

/**
 * The product under test: ports +10000, databases infra_test_*, the test broker and Redis database, its traces sent
 * to the run's collector (the trace test follows a request through them).
 */
const productUnderTest = (replicas) =>
  productEnv({
    portOffset: 10_000,
    databasePrefix: 'infra_test_',
    kafkaPort: KAFKA_TEST_PORT,
    extra: {
      LOG_LEVEL: 'info',
      REDIS_URL: TEST_REDIS_URL,
      MAIL_DIR: '.cache/test-results/mail',
      OTEL_EXPORTER_OTLP_ENDPOINT: traceCollector.url,
      ...TRACE_EXPORT,
    },
    secrets,
    replicas,
    ownedDatabase: { service: OWNED_DATABASE_SERVICE, port: ownedCluster.port },
  });

/** Runs jest projects against the running product, in band, into `<report>.json`. */
const againstProduct = (projects, { gatewayUrl, pidDir, pattern, report }) =>
  npx(
    [
      'jest',
      '--ci',
      '--runInBand',
      '--selectProjects',
      ...projects,
      '--json',
      `--outputFile=${RESULTS}/${report}.json`,
      ...(pattern ? ['--testPathPattern', pattern] : []),
    ],
    {
      env: {
        ...testEnv,
        BASE_URL: gatewayUrl,
        E2E_PORT_OFFSET: '10000',
        E2E_PID_DIR: pidDir,
        E2E_OWNED_DATABASE: ownedCluster.describe(OWNED_DATABASE_SERVICE),
        E2E_TRACE_COLLECTOR: traceCollector.url,
      },
    },
  );

const { startTraceCollector, TRACE_EXPORT } = await import('./lib/trace-collector.mjs');
const traceCollector = built && wanted('e2e') ? await startTraceCollector(TRACE_COLLECTOR_PORT) : undefined;
if (built && wanted('e2e')) {
  const { processes, gatewayUrl } = productUnderTest(1);
  let product;
  const up = await step('start the product for end-to-end tests', async () => {
    await migrateAndSeed(processes);
    product = await startProduct(processes, { gatewayUrl, logFile: path.join(RESULTS, 'product.log'), pidDir: PIDS });
    // The demo fleet, through the API as on a first `npm start`: the browser tests work with real assets. 30 days
    // of telemetry (the default horizon) instead of 90 keep the set-up short.
    const { loadDemoFleet } = await import('./lib/demo-fleet.mjs');
    await loadDemoFleet(gatewayUrl, { telemetryDays: 30 });
  });
  if (up) {
    await step(
      'end-to-end and browser tests (real gateway, services, Kafka, Chromium)',
      () =>
        againstProduct(['e2e', 'security', 'faults'], { gatewayUrl, pidDir: PIDS, pattern: e2ePattern, report: 'e2e' }),
      `${RESULTS}/e2e.json`,
    );
    await product.stop();
  }
  // TEST_REPLICAS=0 leaves it out (about 3 minutes on a quiet machine).
  if (up && !e2ePattern && process.env.TEST_REPLICAS !== '0') await replicaSteps();
}

/**
 * The same product with two of every process behind a balancer (`npm run start:replicas`), on the same databases:
 * the rolling restart and shared caches (test/faults/*.replicas.test.ts) and a representative part of the
 * end-to-end suite (an import whose upload and processing land on different replicas, replayed POSTs, API keys).
 */
async function replicaSteps() {
  const { processes, gatewayUrl, balancer } = productUnderTest(2);
  let product;
  const up = await step('start the product with two replicas of every process', async () => {
    product = await startProduct(processes, {
      gatewayUrl,
      balancer,
      logFile: path.join(RESULTS, 'product-replicas.log'),
      pidDir: PIDS_REPLICAS,
    });
  });
  if (!up) return;
  await step(
    'two replicas: rolling restart under load, shared caches, end-to-end subset',
    () =>
      againstProduct(['replicas', 'e2e'], {
        gatewayUrl,
        pidDir: PIDS_REPLICAS,
        pattern: REPLICA_SUBSET,
        report: 'replicas',
      }),
    `${RESULTS}/replicas.json`,
  );
  await product.stop();
}

await traceCollector?.stop();
try {
  ownedCluster?.stop();
} catch (error) {
  process.stderr.write(`[test] stopping the owned PostgreSQL cluster: ${error.message}\n`);
}

// Test counts come from jest's JSON reports; a step that failed without a failing test (lint, build,
// a crashed runner) counts as one failure, so the summary line can never read green on a red run.
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const s of steps) {
  const summary = s.report ? jestSummary(s.report) : undefined;
  if (summary) for (const key of Object.keys(totals)) totals[key] += summary[key];
  if (!s.ok && !(summary && summary.failed > 0)) totals.failed += 1;
}
process.stdout.write('\n');
for (const s of steps) process.stdout.write(`  ${s.ok ? 'ok  ' : 'FAIL'}  ${s.name}  ${s.seconds.toFixed(1)} s\n`);
process.stdout.write(
  `  wall time ${((Date.now() - started) / 1000).toFixed(0)} s; logs of the product under test: ${path.relative(ROOT, RESULTS)}/product.log\n\n`,
);
process.stdout.write(`Summary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(totals.failed > 0 ? 1 : 0);
