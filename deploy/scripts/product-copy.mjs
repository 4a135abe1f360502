#!/usr/bin/env node
// A private copy of the whole product for parallel development and end-to-end debugging:
//   node deploy/scripts/product-copy.mjs --offset 20000 --prefix infra_dev1_ --redis-db 2 [--fresh] [--replicas 2]
//     [--no-traces]
// Builds, creates (with --fresh: recreates) the databases <prefix><service>, migrates, seeds and serves the
// product on ports shifted by --offset (gateway at 8080 + offset) with its own Kafka broker (9192 + offset) and
// its own Redis database, its traces sent to a collector of its own (--no-traces: none made, as under `npm start`; to
// measure what tracing costs). Run the e2e tests against it with BASE_URL and E2E_PORT_OFFSET as printed. Ctrl-C stops.
import { parseArgs } from 'node:util';
import { log } from './lib/proc.mjs';

const { values } = parseArgs({
  options: {
    offset: { type: 'string', default: '20000' },
    prefix: { type: 'string', default: 'infra_dev1_' },
    'redis-db': { type: 'string', default: '2' },
    fresh: { type: 'boolean', default: false },
    replicas: { type: 'string', default: '1' },
    'no-traces': { type: 'boolean', default: false },
  },
});
const offset = Number(values.offset);
const { ensureInstalled, buildIfStale, productEnv, migrateAndSeed, startProduct, SERVICES } =
  await import('./lib/product.mjs');
ensureInstalled();
const { ensureDatabases, ensurePostgres, recreateDatabases, ensureRedis } = await import('./lib/postgres.mjs');
const { ensureKafka } = await import('./lib/kafka.mjs');
const { OWNED_DATABASE_SERVICE, ownedDatabasePort, startOwnedCluster } = await import('./lib/owned-postgres.mjs');
await ensurePostgres();
await ensureRedis();
// As under `npm test`: one service's database on a cluster of the copy's own (the fault suite restarts it).
const databases = SERVICES.filter((service) => service !== OWNED_DATABASE_SERVICE).map(
  (service) => `${values.prefix}${service}`,
);
await (values.fresh ? recreateDatabases(databases) : ensureDatabases(databases));
const ownedCluster = await startOwnedCluster({
  port: ownedDatabasePort(offset),
  databases: [`${values.prefix}${OWNED_DATABASE_SERVICE}`],
  fresh: values.fresh,
});
// Its own broker: copies sharing one would share consumer groups and topics, each taking the other's events.
const kafkaPort = 9192 + offset; // clear of 9092 (npm start), 19092 (npm test) and 29092 (outage test)
const kafka = await ensureKafka({ port: kafkaPort });
buildIfStale();
// Its traces go to a collector of its own, as under `npm test` (the trace test reads them there).
const { startTraceCollector, TRACE_EXPORT } = await import('./lib/trace-collector.mjs');
const traceCollector = values['no-traces'] ? undefined : await startTraceCollector(4318 + offset);
const traces = traceCollector ? { OTEL_EXPORTER_OTLP_ENDPOINT: traceCollector.url, ...TRACE_EXPORT } : {};
const redisUrl = `redis://127.0.0.1:6379/${values['redis-db']}`;
const { processes, gatewayUrl, balancer } = productEnv({
  replicas: Number(values.replicas),
  portOffset: offset,
  databasePrefix: values.prefix,
  kafkaPort,
  extra: {
    REDIS_URL: redisUrl,
    MAIL_DIR: `.cache/mail-${offset}`,
    ...traces,
  },
  ownedDatabase: { service: OWNED_DATABASE_SERVICE, port: ownedCluster.port },
});
await migrateAndSeed(processes);
const pidDir = `.cache/pids-${offset}`;
const product = await startProduct(processes, { gatewayUrl, balancer, pidDir });
const { loadDemoFleet } = await import('./lib/demo-fleet.mjs');
for (const line of await loadDemoFleet(gatewayUrl)) log(`demo fleet: ${line}`);
log(`ready: ${gatewayUrl}`);
log(
  `e2e: BASE_URL=${gatewayUrl} E2E_PORT_OFFSET=${offset} REDIS_URL=${redisUrl} KAFKA_BROKERS=127.0.0.1:${kafkaPort} E2E_MAIL_DIR=.cache/mail-${offset} E2E_PID_DIR=${pidDir} E2E_OWNED_DATABASE='${ownedCluster.describe(OWNED_DATABASE_SERVICE)}' ${traceCollector ? `E2E_TRACE_COLLECTOR=${traceCollector.url} ` : ''}npx jest --selectProjects e2e <file>`,
);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, async () => {
    await product.stop();
    if (kafka.started) await kafka.stop();
    ownedCluster.stop();
    process.exit(0);
  });
